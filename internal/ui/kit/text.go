package kit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
)

func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ChangedWhy says why a view cannot go on after the document changed,
// with the reason (a sentence of its own) going on the same sentence.
func ChangedWhy(why string) string {
	if why != "" {
		why = strings.ToLower(why[:1]) + why[1:]
	}
	return "The document changed: " + why
}

// TextUndo is a dialog with a text field that takes its own typing back
// (ctrl+z) or puts it back (ctrl+y) before the document's undo does.
type TextUndo interface {
	UndoText(redo bool) (bool, []Action)
}

// FieldUndo undoes (or redoes) a step of ed's own typing, if it has one.
func FieldUndo(ed *editor.Model, redo bool) bool {
	if redo {
		return ed.Redo()
	}
	return ed.Undo()
}

func UndoWord(redo bool) string {
	if redo {
		return "Redid"
	}
	return "Undid"
}

func IsJSONNumber(s string) bool {
	if !json.Valid([]byte(s)) {
		return false
	}
	c := s[0]
	return c == '-' || (c >= '0' && c <= '9')
}

func SplitList(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func CompactJSON(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

func PrettyJSON(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Indent(&b, bytes.TrimSpace(v), "", "  ") != nil {
		return string(v)
	}
	return b.String()
}

// Plural writes a count with its noun: "1 tool", "3 tools".
func Plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	if n != 1 {
		switch {
		case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey"):
			return s[:len(s)-1] + "ies"
		case strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"):
			return s + "es"
		}
		return s + "s"
	}
	return s
}

func Itoa(i int) string { return strconv.Itoa(i) }

// Rect is a box on the screen, in cells; the pane's border is inside it.
type Rect struct{ X, Y, W, H int }

func (r Rect) Contains(x, y int) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }

// Inner is the content area inside the border.
func (r Rect) Inner() (w, h int) { return max(0, r.W-2), max(0, r.H-2) }

// Frame draws a rounded box of r's size with title in the top border and
// the given content lines inside, cut or padded to the inner width. It
// returns exactly r.H lines of exactly r.W cells.
func Frame(r Rect, title string, content []string, border, titleStyle lipgloss.Style) []string {
	if r.W < 2 || r.H < 2 {
		return nil
	}
	iw, ih := r.Inner()
	out := make([]string, 0, r.H)
	title = ansi.Truncate(title, max(0, iw-2), "…")
	if tw := ansi.StringWidth(title); tw > 0 {
		out = append(out, border.Render("╭─")+titleStyle.Render(title)+border.Render(strings.Repeat("─", max(0, iw-1-tw))+"╮"))
	} else {
		out = append(out, border.Render("╭"+strings.Repeat("─", iw)+"╮"))
	}
	side := border.Render("│")
	for i := 0; i < ih; i++ {
		line := ""
		if i < len(content) {
			line = content[i]
		}
		out = append(out, side+FitExact(line, iw)+side)
	}
	return append(out, border.Render("╰"+strings.Repeat("─", iw)+"╯"))
}

// FitExact pads or cuts a styled line to exactly w cells, without an
// ellipsis.
func FitExact(s string, w int) string { return termtext.FitExact(s, w) }

// Place copies a pane's lines onto the screen rows at r.
func Place(rows [][]string, r Rect, lines []string) {
	for i, l := range lines {
		if y := r.Y + i; y >= 0 && y < len(rows) {
			rows[y] = append(rows[y], l)
		}
	}
}

// Fit pads or cuts a styled line to exactly w cells, a cut one ending
// in an ellipsis.
func Fit(s string, w int) string { return termtext.Fit(s, w) }
