"""A stand-in for the openai library in the export tests, which cannot
install the real one (a PyPI package): it sends what responses.create or
post would send, over HTTP with urllib, to the base URL (base_url, else
OPENAI_BASE_URL), and gives back the answer, a Response or a stream of
events, as objects with attributes as the library does."""

import json
import os
import urllib.request
from types import SimpleNamespace


def _objects(value):
    """JSON as the library's objects: attributes for the members."""
    return json.loads(value, object_hook=lambda d: SimpleNamespace(**d))


class _Response(SimpleNamespace):
    @property
    def output_text(self):
        return "".join(
            part.text
            for item in self.output
            if item.type == "message"
            for part in item.content
            if part.type == "output_text"
        )


def _events(res):
    """The server-sent events of res, one object each."""
    data = []
    for raw in res:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line.startswith("data:"):
            data.append(line[5:].lstrip(" "))
        elif line == "" and data:
            event = _objects("\n".join(data))
            data = []
            if event.type == "error":
                raise RuntimeError(f"the stream ended with an error: {event}")
            yield event


class Stream:
    def __class_getitem__(cls, item):
        return cls


class OpenAI:
    def __init__(self, base_url=None):
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1").rstrip("/")
        self.api_key = os.environ["OPENAI_API_KEY"]
        self.responses = _Responses(self)

    def _send(self, path, content, stream):
        req = urllib.request.Request(
            self.base_url + path,
            data=content,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Accept": "text/event-stream" if stream else "application/json",
                "Authorization": f"Bearer {self.api_key}",
            },
        )
        # No proxy: the tests' server is on a loopback port.
        res = urllib.request.build_opener(urllib.request.ProxyHandler({})).open(req, timeout=30)
        if stream:
            return _events(res)
        with res:
            answer = _objects(res.read())
        return _Response(**vars(answer))

    def post(self, path, *, cast_to, content=None, stream=False, stream_cls=None):
        if path != "/responses" or not isinstance(content, bytes):
            raise TypeError(f"unexpected post to {path} with {type(content)}")
        if stream and stream_cls is not Stream:
            raise TypeError("a stream without stream_cls")
        return self._send(path, content, stream)


class _Responses:
    def __init__(self, client):
        self._client = client

    def create(self, **params):
        extra = params.pop("extra_body", None) or {}
        body = dict(params)
        body.update(extra)
        return self._client._send("/responses", json.dumps(body).encode(), body.get("stream") is True)
