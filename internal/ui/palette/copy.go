package palette

import (
	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// CurlCommand is export's curl command for the request: multi-line, the
// key left in $OPENAI_API_KEY, the body quoted so the shell hands it to
// curl byte for byte. base is where Send request goes.
func CurlCommand(body []byte, base string) (string, error) {
	res, err := export.Export(body, export.Curl, export.Options{BaseURL: base})
	if err != nil {
		return "", err
	}
	return string(res.Text), nil
}

// ToolsJSON extracts the request's tools array, indented as a document of
// its own; "[]" when there are none.
func ToolsJSON(body []byte) string {
	v, ok := model.GetPath(body, []string{"tools"})
	if !ok {
		return "[]\n"
	}
	return kit.PrettyJSON(v) + "\n"
}

type CopyWhat int

// CopyOf puts the request, its tools or a curl command (to baseURL) on
// the clipboards.
func CopyOf(s *kit.Session, w CopyWhat, baseURL string) kit.Action {
	body := s.Result().JSON
	what, text := "request JSON", string(body)
	switch w {
	case CopyTools:
		what, text = "tools array", ToolsJSON(body)
	case CopyCurl:
		cmd, err := CurlCommand(body, baseURL)
		if err != nil {
			return kit.SayErr("No curl command: " + err.Error())
		}
		what, text = "curl command", cmd
	}
	return kit.ActCopy{What: what + " (" + kit.CopySummary(s) + ")", Text: text}
}

const (
	CopyRequest CopyWhat = iota
	CopyTools
	CopyCurl
)
