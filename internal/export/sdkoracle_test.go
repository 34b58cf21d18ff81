package export

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The SDK oracle: with TOOLTUI_SDK_ORACLE naming a folder whose
// node_modules holds the pinned official SDKs and typescript (.ci/sdk-oracle
// installs them), tsc --strict checks every test body as the openai
// package's ResponseCreateParams, its Chat export as ChatCompletionCreateParams,
// its Anthropic export as @anthropic-ai/sdk's MessageCreateParams, its
// Gemini exports (parametersJsonSchema and parameters) as the body
// @google/genai's types describe, and every TypeScript program; the same tsc
// run compiles the programs, which then send, with the real openai
// package, to tooltui's simulator (internal/sim on a loopback port) the
// request tooltui build prints: byte for byte where a program holds the
// body's text, and otherwise the same request (checkSent); and print the
// simulator's answer, a stream or a response (checkPrinted).
//
// What the SDKs' types cannot express, or refuse where the API accepts it,
// is listed in sdkExceptions: each must occur, and nothing else may.

// sdkCheck is one kind of file the oracle type-checks.
type sdkCheck struct {
	name    string  // in the file name and the exceptions
	to      Target  // the export whose text is checked
	opt     Options //
	imports string  // the file's imports and declarations
	typ     string  // the type the text satisfies
}

// geminiBody is the body of a generateContent request as @google/genai's
// types describe its parts. Wire writes each enum as the strings its JSON
// holds: Gemini's JSON spells a Type as "OBJECT", which TypeScript does not
// take for the enum Type.OBJECT.
const geminiBody = `import type { Content, GenerationConfig, Tool, ToolConfig } from "@google/genai";

type Wire<T> = T extends string ? ` + "`${T}`" + ` : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
type GenerateContentBody = Wire<{
  contents: Content[];
  systemInstruction?: Content;
  tools?: Tool[];
  toolConfig?: ToolConfig;
  generationConfig?: GenerationConfig;
}>;
`

var sdkChecks = []sdkCheck{
	{"responses", Responses, Options{}, `import type { ResponseCreateParams } from "openai/resources/responses/responses";` + "\n", "ResponseCreateParams"},
	{"chat", Chat, Options{}, `import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";` + "\n", "ChatCompletionCreateParams"},
	{"anthropic", Anthropic, Options{}, `import type { MessageCreateParams } from "@anthropic-ai/sdk/resources/messages";` + "\n", "MessageCreateParams"},
	{"gemini", Gemini, Options{}, geminiBody, "GenerateContentBody"},
	{"gemini-parameters", Gemini, Options{GeminiParameters: true}, geminiBody, "GenerateContentBody"},
}

// sdkException is a disagreement between an export and an SDK's types
// that is known and kept: the export is what the API takes, or all the
// target can hold.
type sdkException struct {
	why   string // its name
	check string // an sdkCheck's name
	body  string // the test body's name
	path  string // where in the checked JSON tsc reports it
	match string // a part of tsc's message
}

var sdkExceptions = []sdkException{
	// The Responses API takes a function without strict (it then tries
	// strict mode) or without parameters; openai's FunctionTool requires
	// both. The TypeScript program writes these through loose().
	{"function without strict", "responses", "functions", "/tools/0", "Property 'strict' is missing"},
	{"function without strict or parameters", "responses", "functions", "/tools/3", "missing the following properties from type 'FunctionTool': parameters, strict"},
	// Fields the API takes that openai 6.49's types do not have yet
	// (openai 7's have them); tsc names the first only of an object.
	{"a function's async, newer than the types", "responses", "functions", "/tools/1/async", `'"async"' does not exist in type 'FunctionTool'`},
	{"web search's external_web_access, newer than the types", "responses", "builtins", "/tools/1/external_web_access", `'"external_web_access"' does not exist in type 'WebSearchTool'`},
	// The API takes an input image without detail (auto); the type
	// requires it.
	{"input image without detail", "responses", "functions", "/input/3", "Property 'detail' is missing"},
	// Members of the request no Responses parameter has, which the hostile
	// body holds to test the programs (extra_body and timeout are options
	// of the Python library, not fields): tsc names the first only.
	{"an extra top-level key", "responses", "hostile", "/extra_body", `'"extra_body"' does not exist in type 'ResponseCreateParams'`},
	// A property named constructor is contextually typed from
	// Object.prototype.constructor, not from the index signature of
	// properties, so its "STRING" widens to string: TypeScript's, not the
	// export's.
	{"a property named constructor", "gemini-parameters", "bignum", "/tools/0/functionDeclarations/0/parameters/properties/constructor/type", "Type 'string' is not assignable"},
}

// sdkDiagnostic is one error of the tsc run.
type sdkDiagnostic struct {
	file    string
	line    int
	message string // with its continuation lines
}

var tscLine = regexp.MustCompile(`^(\S+)\((\d+),(\d+)\): error (TS\d+: .*)$`)

// parseTsc reads tsc's output into diagnostics.
func parseTsc(out []byte) []sdkDiagnostic {
	var ds []sdkDiagnostic
	for _, l := range strings.Split(string(out), "\n") {
		if m := tscLine.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[2])
			ds = append(ds, sdkDiagnostic{file: m[1], line: n, message: m[4]})
		} else if len(ds) > 0 && strings.TrimSpace(l) != "" {
			ds[len(ds)-1].message += "\n" + l
		}
	}
	return ds
}

// checkFile writes text, a JSON export, as a TypeScript module whose value
// satisfies c's type, and returns the pointer in text of the value that
// starts on each line.
func checkFile(text []byte, c sdkCheck) (string, map[int]string) {
	var b strings.Builder
	b.WriteString(c.imports)
	b.WriteString("\nexport const value = ")
	lines := map[int]string{}
	lit := javascript
	lit.wrap = func(path string, _ []byte) ([]string, string, string) {
		line := strings.Count(b.String(), "\n") + 1
		if _, ok := lines[line]; !ok {
			lines[line] = path
		}
		return nil, "", ""
	}
	o, _ := members(text)
	lines[strings.Count(b.String(), "\n")+1] = ""
	lit.object(&b, o, 0, "")
	b.WriteString(" satisfies " + c.typ + ";\n")
	return b.String(), lines
}

func TestSDKOracle(t *testing.T) {
	dir := os.Getenv("TOOLTUI_SDK_ORACLE")
	if dir == "" {
		t.Skip(`TOOLTUI_SDK_ORACLE is not set: the exports are not checked with the SDKs' types (eval "$(bash .ci/sdk-oracle)" sets it)`)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the exports are not checked with the SDKs' types")
	}
	dir, _ = filepath.Abs(dir)
	tsc := filepath.Join(dir, "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("TOOLTUI_SDK_ORACLE=%s holds no typescript (run .ci/sdk-oracle): %v", dir, err)
	}
	work := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "node_modules"), filepath.Join(work, "node_modules")); err != nil {
		t.Fatal(err)
	}
	api := startSimAPI(t)

	all := bodies(t)
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)

	// The files, by name: the pointer of each line of a check file, and
	// which body and check each is.
	type file struct {
		body, check string
		lines       map[int]string // nil for a program
	}
	files := map[string]file{}
	programs := map[string][]byte{}
	var args []string
	write := func(name, text string, f file) {
		if err := os.WriteFile(filepath.Join(work, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files[name] = f
		args = append(args, name)
	}
	for _, name := range names {
		for _, c := range sdkChecks {
			res, err := Export(all[name], c.to, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			text, lines := checkFile(res.Text, c)
			write(name+"."+c.name+".mts", text, file{name, c.name, lines})
		}
		res, err := Export(all[name], TypeScript, Options{BaseURL: api.URL})
		if err != nil {
			t.Fatal(err)
		}
		write(name+".program.mts", string(res.Text), file{body: name, check: "program"})
		programs[name] = res.Text
	}

	// One tsc run checks every file and compiles the programs.
	start := time.Now()
	cmd := exec.Command(node, append([]string{tsc, "--strict", "--target", "es2022", "--module", "nodenext",
		"--moduleResolution", "nodenext", "--skipLibCheck", "--pretty", "false", "--outDir", "out"}, args...)...)
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	t.Logf("tsc checked %d files in %s", len(args), time.Since(start).Round(time.Millisecond))
	diags := parseTsc(out)
	if err != nil && len(diags) == 0 {
		t.Fatalf("tsc: %v\n%s", err, out)
	}

	seen := make([]bool, len(sdkExceptions))
	for _, d := range diags {
		f, ok := files[d.file]
		if !ok {
			t.Errorf("tsc reports a file the test did not write: %s:%d: %s", d.file, d.line, d.message)
			continue
		}
		path := f.lines[d.line]
		known := false
		for i, e := range sdkExceptions {
			if e.check == f.check && e.body == f.body && e.path == path && strings.Contains(d.message, e.match) {
				seen[i], known = true, true
			}
		}
		if !known {
			t.Errorf("%s (%s of %s) at %q, line %d: %s", d.file, f.check, f.body, path, d.line, d.message)
		}
	}
	for i, e := range sdkExceptions {
		if !seen[i] {
			t.Errorf("the listed exception %q (%s of %s at %q) did not occur", e.why, e.check, e.body, e.path)
		}
	}

	// Each program, with the real openai package, sends the simulator the
	// body as tooltui build prints it and prints the simulator's answer.
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			run := exec.Command(node, filepath.Join(work, "out", name+".program.mjs"))
			run.Dir = work
			run.Env = append(os.Environ(), "OPENAI_API_KEY=test-key", "OPENAI_BASE_URL=")
			var stderr strings.Builder
			run.Stderr = &stderr
			out, err := run.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s%s", err, out, stderr.String())
			}
			got, answer := api.last(t)
			checkSent(t, "the TypeScript program", programs[name], got, all[name])
			checkPrinted(t, "the TypeScript program", out, answer, true)
		})
	}
}

// The exceptions name real files: a check, a test body.
func TestSDKExceptionsNameFiles(t *testing.T) {
	all := bodies(t)
	checks := map[string]bool{}
	for _, c := range sdkChecks {
		checks[c.name] = true
	}
	for _, e := range sdkExceptions {
		if _, ok := all[e.body]; !ok || !checks[e.check] || e.why == "" || e.match == "" {
			t.Errorf("exception %s: no such body or check, or no reason or message: %+v", fmt.Sprint(e.why), e)
		}
	}
}
