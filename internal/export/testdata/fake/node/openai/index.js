// A stand-in for the openai package in the export tests that parse the
// TypeScript programs without installing the real one (the SDK oracle
// runs them with it): responses.create and post("/responses") send what
// the package would send, with fetch, to the base URL (baseURL, else
// OPENAI_BASE_URL), and give back the answer: a Response, or the events of
// a stream as they arrive.

async function* events(res) {
  const decoder = new TextDecoder();
  let buf = "";
  const take = function* () {
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data === "") continue;
      const event = JSON.parse(data);
      if (event.type === "error") {
        throw new Error(`the stream ended with an error: ${data}`);
      }
      yield event;
    }
  };
  for await (const chunk of res.body) {
    buf += decoder.decode(chunk, { stream: true }).replaceAll("\r\n", "\n");
    yield* take();
  }
  buf += "\n\n"; // the last event, when the stream ends without a blank line
  yield* take();
}

export default class OpenAI {
  constructor(options = {}) {
    this.baseURL = (options.baseURL ?? (process.env.OPENAI_BASE_URL || "https://api.openai.com/v1")).replace(/\/$/, "");
    this.apiKey = options.apiKey ?? process.env.OPENAI_API_KEY;
    this.responses = {
      create: (body) => this.send("/responses", JSON.stringify(body), body.stream === true),
    };
  }

  async send(path, body, stream) {
    const res = await fetch(this.baseURL + path, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        Accept: stream ? "text/event-stream" : "application/json",
        Authorization: `Bearer ${this.apiKey}`,
      },
    });
    if (!res.ok) {
      throw new Error(`${res.status} ${await res.text()}`);
    }
    return stream ? events(res) : res.json();
  }

  async post(path, options) {
    if (path !== "/responses" || typeof options.body !== "string") {
      throw new Error(`unexpected post to ${path} with a ${typeof options.body} body`);
    }
    return this.send(path, options.body, options.stream === true);
  }
}
