package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

// fnTarget is the function of the selected row that the argument tester
// and the inference dialog work on.
type Function struct {
	Kind  model.Kind
	Index int
	Name  string // as written ("" when the function has none)
	// Params are the parameters the converter uses: the member, or a
	// parameters draft that is valid JSON; nil when absent.
	Params json.RawMessage
	// Strict is the "strict" member: nil when absent or null.
	Strict *bool
	// StrictOther: "strict" is there but neither a boolean nor null.
	StrictOther bool
	// DraftErr says why a parameters draft is not valid JSON ("" when
	// there is none or it is valid).
	DraftErr string
}

// Label is the function's name for the screen, sanitised.
func (f *Function) Label() string {
	if f.Name == "" {
		return "the function"
	}
	return termtext.SanitizeLine(f.Name)
}

// SelectedFunction reads the function of the selected row, or says why the
// row is not one ("Select a function to <purpose>").
func SelectedFunction(e *Env, purpose string) (Function, string) {
	return ReadFunction(e.S.Doc(), e.At, purpose)
}

// ReadFunction reads the function of row at of doc, or says why the row is
// not one.
func ReadFunction(doc *model.Document, at Sel, purpose string) (Function, string) {
	if at.Request {
		return Function{}, "Select a function to " + purpose + ": the request row is not a function"
	}
	list := doc.List(at.Kind)
	if at.Index < 0 || at.Index >= len(list) {
		return Function{}, "Select a function to " + purpose
	}
	t := list[at.Index]
	if rawjson.JSONKind(t.Raw) != "object" || rawjson.CheckJSON(t.Raw) != nil {
		return Function{}, "This entry is not a valid JSON object yet; fix it before you " + purpose
	}
	typ := model.StringAt(t.Raw, []string{"type"})
	if at.Kind != model.Function && typ != "function" {
		what := "this built-in tool"
		if typ != "" {
			what = "a " + typ + " tool"
		}
		msg := "Select a function to " + purpose + ": " + what + " is not a function"
		if typ == "namespace" {
			msg += " (check a namespace's functions with tooltui args FILE NAMESPACE.TOOL)"
		}
		return Function{}, termtext.SanitizeLine(msg)
	}
	f := Function{Kind: at.Kind, Index: at.Index, Name: model.StringAt(t.Raw, []string{"name"})}
	if inner, ok := model.GetPath(t.Raw, []string{"function"}); ok && rawjson.JSONKind(inner) == "object" {
		if _, named := model.GetPath(t.Raw, []string{"name"}); !named {
			return Function{}, "This function is in the Chat Completions shape; fix it first (its diagnostic offers the fix), then " + purpose
		}
	}
	f.Params, _ = model.GetPath(t.Raw, []string{"parameters"})
	if t.Draft != nil && t.DraftMember() == "parameters" {
		if err := rawjson.CheckJSON([]byte(*t.Draft)); err != nil {
			f.DraftErr = err.Error()
		} else {
			f.Params = json.RawMessage(*t.Draft)
		}
	}
	if v, ok := model.GetPath(t.Raw, []string{"strict"}); ok {
		switch rawjson.JSONKind(v) {
		case "boolean":
			b := string(bytes.TrimSpace(v)) == "true"
			f.Strict = &b
		case "null":
		default:
			f.StrictOther = true
		}
	}
	return f, ""
}

// inferError words why an example gives no schema: a syntax error as
// "line:col: not valid JSON: message".
func JSONError(err error) string {
	var se *rawjson.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%d:%d: not valid JSON: %s", se.Line, se.Column, se.Msg)
	}
	return err.Error()
}
