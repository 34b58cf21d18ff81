"""Stand-ins for the response types the export tests' programs name."""


class Response:
    pass


class ResponseStreamEvent:
    pass
