package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// fnTarget is the function of the selected row that the argument tester
// and the inference dialog work on.
type fnTarget struct {
	kind  model.Kind
	index int
	name  string // as written ("" when the function has none)
	// params are the parameters the converter uses: the member, or a
	// parameters draft that is valid JSON; nil when absent.
	params json.RawMessage
	// strict is the "strict" member: nil when absent or null.
	strict *bool
	// strictOther: "strict" is there but neither a boolean nor null.
	strictOther bool
	// draftErr says why a parameters draft is not valid JSON ("" when
	// there is none or it is valid).
	draftErr string
}

// label is the function's name for the screen, sanitised.
func (f *fnTarget) label() string {
	if f.name == "" {
		return "the function"
	}
	return termtext.SanitizeLine(f.name)
}

// selectedFunction reads the function of the selected row, or says why the
// row is not one ("Select a function to <purpose>").
func selectedFunction(e *kit.Env, purpose string) (fnTarget, string) {
	return readFunction(e.S.Doc(), e.At, purpose)
}

// readFunction reads the function of row at of doc, or says why the row is
// not one.
func readFunction(doc *model.Document, at kit.Sel, purpose string) (fnTarget, string) {
	if at.Request {
		return fnTarget{}, "Select a function to " + purpose + ": the request row is not a function"
	}
	list := doc.List(at.Kind)
	if at.Index < 0 || at.Index >= len(list) {
		return fnTarget{}, "Select a function to " + purpose
	}
	t := list[at.Index]
	if rawjson.JSONKind(t.Raw) != "object" || rawjson.CheckJSON(t.Raw) != nil {
		return fnTarget{}, "This entry is not a valid JSON object yet; fix it before you " + purpose
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
		return fnTarget{}, termtext.SanitizeLine(msg)
	}
	f := fnTarget{kind: at.Kind, index: at.Index, name: model.StringAt(t.Raw, []string{"name"})}
	if inner, ok := model.GetPath(t.Raw, []string{"function"}); ok && rawjson.JSONKind(inner) == "object" {
		if _, named := model.GetPath(t.Raw, []string{"name"}); !named {
			return fnTarget{}, "This function is in the Chat Completions shape; fix it first (its diagnostic offers the fix), then " + purpose
		}
	}
	f.params, _ = model.GetPath(t.Raw, []string{"parameters"})
	if t.Draft != nil && t.DraftMember() == "parameters" {
		if err := rawjson.CheckJSON([]byte(*t.Draft)); err != nil {
			f.draftErr = err.Error()
		} else {
			f.params = json.RawMessage(*t.Draft)
		}
	}
	if v, ok := model.GetPath(t.Raw, []string{"strict"}); ok {
		switch rawjson.JSONKind(v) {
		case "boolean":
			b := string(bytes.TrimSpace(v)) == "true"
			f.strict = &b
		case "null":
		default:
			f.strictOther = true
		}
	}
	return f, ""
}

// inferError words why an example gives no schema: a syntax error as
// "line:col: not valid JSON: message".
func inferError(err error) string {
	var se *rawjson.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%d:%d: not valid JSON: %s", se.Line, se.Column, se.Msg)
	}
	return err.Error()
}
