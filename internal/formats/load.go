package formats

import (
	"bytes"
	"errors"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// ResponsesArray is the Source.Format of a file that is a bare array of
// Responses tools: it loads as a body, so a save asks for a new name
// rather than turn the array into an object in place.
const ResponsesArray = "Responses tools array"

// Load reads what a user may open: a tooltui document or a Responses
// request body (as model.Parse does), a bare array of Responses tools, or
// tools and requests in another format (Chat Completions, Anthropic
// Messages, Gemini, an MCP tools/list result), which are translated. A
// translated document's Source names the format and carries the import's
// notes, so that the first diagnostics say what was read and what did not
// carry over.
//
// Errors are model.Parse's (a *model.LoadError: not JSON, too large, not
// an object) or, for a foreign format that holds nothing to translate, a
// *model.LoadError naming the format.
func Load(data []byte) (*model.Document, error) {
	d, perr := model.Parse(data)
	valid := bytes.TrimPrefix(data, utf8BOM)
	if perr != nil {
		// A bare array (of Responses tools, or of another format's) is
		// no document; anything else that fails is as Parse says.
		var le *model.LoadError
		if len(data) > model.MaxDocumentBytes || !errors.As(perr, &le) || le.Syntax != nil ||
			rawjson.JSONKind(valid) != "array" {
			return nil, perr
		}
	}
	// Parse succeeded (or the text is an array): the JSON is valid. Most
	// files are tooltui's own, known by their keys, or Responses bodies,
	// and cost one Parse and one look at the shape of the tools.
	if perr == nil && (d.Fields.Has(model.KeyToolsDefs) || d.Fields.Has(model.KeyExtra)) {
		return d, nil
	}
	if from := detect(valid); from == Responses {
		if perr == nil {
			return d, nil
		}
		if els, ok := elements(valid); ok && allObjects(els) {
			return loadArray(bytes.TrimSpace(valid))
		}
		return nil, perr
	}
	return translated(importValid(data, valid))
}

// translated reads an import's body as a document whose Source names the
// format and carries the import's notes.
func translated(im Imported, err error) (*model.Document, error) {
	if err != nil {
		return nil, &model.LoadError{Msg: err.Error()}
	}
	d, err := model.Parse(im.Body)
	if err != nil {
		return nil, &model.LoadError{Msg: im.From.Title() + ": " + err.Error()}
	}
	src := &model.Source{Format: im.From.Title()}
	for _, n := range im.Notes {
		// What is lost without effect on the request is a note; what
		// breaks the format it was read as, a warning.
		src.Notes = append(src.Notes, model.SourceNote{Path: n.Path, Message: n.Message, Loss: n.Loss && !n.Inert || n.Breaks})
	}
	d.Source = src
	if im.From == MCP {
		// The server runs these functions and checks their arguments
		// against its own schema: what may be changed of them depends
		// on it (see convert.FixAll).
		for i := range d.Functions {
			d.Functions[i].Origin = model.OriginMCP
		}
	}
	return d, nil
}

// allObjects reports whether every element of an array is an object, as
// every tool is.
func allObjects(els [][]byte) bool {
	for _, e := range els {
		if rawjson.JSONKind(e) != "object" {
			return false
		}
	}
	return true
}

// loadArray reads a bare array of Responses tools as the body
// {"tools": […]}.
func loadArray(arr []byte) (*model.Document, error) {
	body := make([]byte, 0, len(arr)+12)
	body = append(body, `{"tools": `...)
	body = append(body, arr...)
	body = append(body, "}\n"...)
	d, err := model.Parse(body)
	if err != nil {
		return nil, err
	}
	d.Source = &model.Source{Format: ResponsesArray}
	return d, nil
}

// ReadFileStamped is model.ReadFileStamped for every format Load reads.
func ReadFileStamped(path string) (*model.Document, []byte, model.Stamp, error) {
	return model.ReadFileStampedWith(path, Load)
}

// ReadFile is ReadFileStamped without the bytes and the stamp.
func ReadFile(path string) (*model.Document, error) {
	d, _, _, err := ReadFileStamped(path)
	return d, err
}
