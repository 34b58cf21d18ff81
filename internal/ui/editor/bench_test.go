package editor

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// schemaText returns a pretty-printed JSON Schema of about 100 KB and
// 3,000 lines, shaped like a real tool's parameters.
func schemaText() string {
	var b strings.Builder
	b.WriteString("{\n  \"type\": \"object\",\n  \"properties\": {\n")
	const props = 500
	for i := range props {
		fmt.Fprintf(&b, "    \"field_%04d\": {\n", i)
		b.WriteString("      \"type\": \"string\",\n")
		fmt.Fprintf(&b, "      \"description\": \"Value number %d of the request; free text, at most 200 characters.\",\n", i)
		b.WriteString("      \"enum\": [\"alpha\", \"beta\", \"gamma\"],\n")
		b.WriteString("      \"default\": \"alpha\"\n")
		if i < props-1 {
			b.WriteString("    },\n")
		} else {
			b.WriteString("    }\n")
		}
	}
	b.WriteString("  },\n  \"required\": [\"field_0000\"],\n  \"additionalProperties\": false\n}\n")
	return b.String()
}

func benchEditor(b *testing.B, w, h int, numbers bool) Model {
	text := schemaText()
	m := New()
	m.ShowLineNumbers = numbers
	m.SetSize(w, h)
	m.SetValue(text)
	m.Focus()
	m.SetCursor(m.LineCount()/2, 10)
	b.Logf("buffer: %d bytes, %d lines, view %dx%d", len(text), m.LineCount(), w, h)
	return m
}

// BenchmarkKeystroke3000Lines: one keystroke in the middle of the schema
// followed by View, at 80x20. Odd iterations type 'x', even ones delete it
// again, so the edited line does not grow with b.N.
func BenchmarkKeystroke3000Lines(b *testing.B) {
	for _, bc := range []struct {
		name    string
		w, h    int
		numbers bool
	}{
		{"80x20", 80, 20, false},
		{"80x20_numbers", 80, 20, true},
		{"200x60_numbers", 200, 60, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m := benchEditor(b, bc.w, bc.h, bc.numbers)
			x := tea.KeyPressMsg{Code: 'x', Text: "x"}
			bs := tea.KeyPressMsg{Code: tea.KeyBackspace}
			n := 0
			b.ReportAllocs()
			for b.Loop() {
				if n&1 == 0 {
					m, _ = m.Update(x)
				} else {
					m, _ = m.Update(bs)
				}
				n++
				_ = m.View()
			}
		})
	}
}

// BenchmarkView3000Lines: View alone (a cursor-blink or resize message).
func BenchmarkView3000Lines(b *testing.B) {
	m := benchEditor(b, 80, 20, true)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkValueAfterEdit: rebuilding Value() after one edit (what the
// parent pays once per version when it reparses).
func BenchmarkValueAfterEdit(b *testing.B) {
	m := benchEditor(b, 80, 20, true)
	b.ReportAllocs()
	for b.Loop() {
		m.edited()
		_ = m.Value()
	}
}

// BenchmarkPaste1MB: one bracketed paste of 1 MB (CRLF line endings, about
// 30,000 lines) into the middle of a line of an empty editor, then View.
func BenchmarkPaste1MB(b *testing.B) {
	line := `      "description": "Value of the request; free text, at most 200 characters.",` + "\r\n"
	content := strings.Repeat(line, (1<<20)/len(line)+1)[:1<<20]
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	for b.Loop() {
		m := New()
		m.SetSize(80, 20)
		m.Focus()
		m.SetValue("{}")
		m.SetCursor(0, 1)
		m, _ = m.Update(tea.PasteMsg{Content: content})
		_ = m.View()
		if m.Line() < 10000 {
			b.Fatalf("paste landed on line %d", m.Line())
		}
	}
}

// BenchmarkSetValue1MB: loading a 1 MB document.
func BenchmarkSetValue1MB(b *testing.B) {
	text := strings.Repeat(schemaText(), 10)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		m := New()
		m.SetValue(text)
		_ = m.View()
	}
}

// BenchmarkViewUnicode: View of a window full of non-ASCII text (accents,
// CJK, emoji, combining marks, escapes), where every cell goes through
// grapheme segmentation.
func BenchmarkViewUnicode(b *testing.B) {
	line := "  \"description\": \"Météo à Zürich 日本語 😀👍🏽 e\u0301 \u202e\x1b tab\tend\","
	text := strings.Repeat(line+"\n", 3000)
	m := New()
	m.SetSize(80, 20)
	m.SetValue(text)
	m.Focus()
	m.SetCursor(1500, 30)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
