package export

import "strings"

// curlCommand is a ready-to-run curl for the request, over several lines:
// the key stays in $OPENAI_API_KEY, and the body is single-quoted so the
// shell hands it to curl byte for byte (a quote inside ends the quoting,
// is escaped, and starts it again). base is the API's base URL, quoted the
// same way.
func curlCommand(body []byte, base string) string {
	var b strings.Builder
	b.WriteString("curl " + shellQuote(base+"/responses") + " \\\n")
	b.WriteString("  -H \"Content-Type: application/json\" \\\n")
	b.WriteString("  -H \"Authorization: Bearer $OPENAI_API_KEY\" \\\n")
	b.WriteString("  -d " + shellQuote(strings.TrimRight(string(body), "\n")) + "\n")
	return b.String()
}

// shellQuote single-quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
