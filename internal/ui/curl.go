package ui

import (
	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// curlCommand is export's curl command for the request: multi-line, the
// key left in $OPENAI_API_KEY, the body quoted so the shell hands it to
// curl byte for byte. base is where Send request goes.
func curlCommand(body []byte, base string) (string, error) {
	res, err := export.Export(body, export.Curl, export.Options{BaseURL: base})
	if err != nil {
		return "", err
	}
	return string(res.Text), nil
}

// toolsJSON extracts the request's tools array, indented as a document of
// its own; "[]" when there are none.
func toolsJSON(body []byte) string {
	v, ok := model.GetPath(body, []string{"tools"})
	if !ok {
		return "[]\n"
	}
	return kit.PrettyJSON(v) + "\n"
}
