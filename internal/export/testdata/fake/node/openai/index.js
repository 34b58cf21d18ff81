// A stand-in for the openai package in the export tests: it writes the
// body that responses.create would send to the file named by TOOLTUI_SENT
// and answers with one text and one function call.
import { writeFileSync } from "node:fs";

const call = { type: "function_call", name: "lookup", arguments: '{"q":"mars"}' };

export default class OpenAI {
  constructor(options = {}) {
    this.options = options;
    this.responses = {
      create: async (body) => {
        writeFileSync(process.env.TOOLTUI_SENT, JSON.stringify(body));
        if (body.stream === true) {
          return (async function* () {
            yield { type: "response.output_text.delta", delta: "hello" };
            yield { type: "response.output_item.done", item: call };
          })();
        }
        return { output_text: "hello", output: [call] };
      },
    };
  }
}
