"""A stand-in for the openai library in the export tests: it writes the
body that responses.create or post would send to the file named by
TOOLTUI_SENT and answers with one text and one function call."""

import json
import os
from types import SimpleNamespace

_CALL = SimpleNamespace(type="function_call", name="lookup", arguments='{"q":"mars"}')


def _answer(stream):
    if stream:
        return iter([
            SimpleNamespace(type="response.output_text.delta", delta="hello"),
            SimpleNamespace(type="response.output_item.done", item=_CALL),
        ])
    return SimpleNamespace(output_text="hello", output=[_CALL])


class _Responses:
    def create(self, **params):
        extra = params.pop("extra_body", None) or {}
        body = dict(params)
        body.update(extra)
        with open(os.environ["TOOLTUI_SENT"], "w", encoding="utf-8") as f:
            json.dump(body, f)
        return _answer(body.get("stream") is True)


class Stream:
    def __class_getitem__(cls, item):
        return cls


class OpenAI:
    def __init__(self, base_url=None):
        self.base_url = base_url
        self.responses = _Responses()

    def post(self, path, *, cast_to, content=None, stream=False, stream_cls=None):
        if path != "/responses" or not isinstance(content, bytes):
            raise TypeError(f"unexpected post to {path} with {type(content)}")
        if stream and stream_cls is not Stream:
            raise TypeError("a stream without stream_cls")
        with open(os.environ["TOOLTUI_SENT"], "wb") as f:
            f.write(content)
        return _answer(stream)
