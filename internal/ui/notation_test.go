package ui_test

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// notationDoc has a bidi control in a function's name and in a web_search
// country, which the converter names in its messages.
const notationDoc = `{
  "model": "gpt-5",
  "tools_defs": [{"name": "a\u202eb", "description": "d", "parameters": {"type": "object", "properties": {}}}],
  "extra": {"builtin_tools": [{"type": "web_search", "user_location": {"type": "approximate", "country": "F\u202eR"}}]}
}`

// TestOneNotationOnScreen: a bidi control reads <U+202E> everywhere on the
// screen: in the tools list, in a diagnostic, in the error under a field;
// never Go's '\u202e' or "\u202e".
func TestOneNotationOnScreen(t *testing.T) {
	d, err := model.Parse([]byte(notationDoc))
	if err != nil {
		t.Fatal(err)
	}
	goStyle := func(s string) {
		t.Helper()
		for _, bad := range []string{`'\u202e'`, `"F\u202eR"`} {
			requireNotContains(t, s, bad, "the screen")
		}
	}

	a := openAt(t, d, 200, 40)
	requireContains(t, paneText(t, a, "1 Tools"), "a<U+202E>b", "the tools list")
	diags := strings.Join(strings.Fields(paneText(t, a, "4 Diagnostics")), " ")
	requireContains(t, diags, `got "F<U+202E>R"`, "the diagnostics pane")
	goStyle(screen(a))

	// The function's form: the name as the field shows it, and the error
	// under it naming the same character the same way.
	send(t, a, press('j'), kEnter)
	s := screen(a)
	requireContains(t, s, "a<U+202E>b", "the Name field")
	requireContains(t, s, `only letters, digits, _ and -; "<U+202E>" at position 2`, "the error under Name")
	goStyle(s)

	// The web_search form: the country's diagnostic under its field.
	send(t, a, kEsc, press('j'), kEnter)
	requireContains(t, editorTitle(t, a), "web_search", "the editor")
	s = strings.Join(strings.Fields(screen(a)), " ")
	requireContains(t, s, `got "F<U+202E>R"`, "the error under Country")
	goStyle(s)
}

// TestNameLengthCountsCharacters: the Name field counts characters as the
// converter does, so a long name of accented letters is told about its first
// letter that is not allowed, not about a length in bytes.
func TestNameLengthCountsCharacters(t *testing.T) {
	a := openAt(t, model.Example(), 200, 40)
	editName(t, a)
	clearField(t, a)
	paste(t, a, strings.Repeat("é", 100))
	s := screen(a)
	requireNotContains(t, s, "at most 128 characters", "the error under Name")
	requireContains(t, s, `only letters, digits, _ and -; "é" at position 1`, "the error under Name")
}
