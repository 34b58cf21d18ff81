package ui

import (
	"strings"

	"github.com/tooltui/tooltui/internal/model"
)

// curlCommand is a ready-to-run curl for the request, over several lines:
// the key stays in $OPENAI_API_KEY, and the body is single-quoted so the
// shell takes it verbatim (a ' inside becomes '\”). base is where Send
// request goes (its URL is quoted the same way).
func curlCommand(body []byte, base string) string {
	var b strings.Builder
	b.WriteString("curl '" + strings.ReplaceAll(base+"/responses", "'", `'\''`) + "' \\\n")
	b.WriteString("  -H \"Content-Type: application/json\" \\\n")
	b.WriteString("  -H \"Authorization: Bearer $OPENAI_API_KEY\" \\\n")
	b.WriteString("  -d '")
	b.WriteString(strings.ReplaceAll(strings.TrimRight(string(body), "\n"), "'", `'\''`))
	b.WriteString("'\n")
	return b.String()
}

// toolsJSON extracts the request's tools array, indented as a document of
// its own; "[]" when there are none.
func toolsJSON(body []byte) string {
	v, ok := model.GetPath(body, []string{"tools"})
	if !ok {
		return "[]\n"
	}
	return prettyJSON(v) + "\n"
}
