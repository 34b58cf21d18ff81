// A stand-in for the openai package in the export tests: it writes the
// body that responses.create or post("/responses") would send to the file
// named by TOOLTUI_SENT and answers with one text and one function call.
import { writeFileSync } from "node:fs";

const call = { type: "function_call", name: "lookup", arguments: '{"q":"mars"}' };
const message = { type: "message", content: [{ type: "output_text", text: "hello" }] };

function answer(stream) {
  if (stream) {
    return (async function* () {
      yield { type: "response.output_text.delta", delta: "hello" };
      yield { type: "response.output_item.done", item: call };
    })();
  }
  return { output: [message, call] };
}

export default class OpenAI {
  constructor(options = {}) {
    this.options = options;
    this.responses = {
      create: async (body) => {
        writeFileSync(process.env.TOOLTUI_SENT, JSON.stringify(body));
        return answer(body.stream === true);
      },
    };
  }

  async post(path, options) {
    if (path !== "/responses" || typeof options.body !== "string") {
      throw new Error(`unexpected post to ${path} with a ${typeof options.body} body`);
    }
    writeFileSync(process.env.TOOLTUI_SENT, options.body);
    return answer(options.stream === true);
  }
}
