package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Layout tests: computeLayout alone, then the frames it gives the panes.

func overlaps(r, o kit.Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

func area(r kit.Rect) int { return r.W * r.H }

var layoutPanes = []kit.Pane{kit.PaneTools, kit.PaneEditor, kit.PanePreview, kit.PaneDiags}

func TestLayoutEverySizeTilesTheScreen(t *testing.T) {
	for w := MinWidth; w <= 200; w++ {
		for h := MinHeight; h <= 60; h++ {
			for _, n := range []int{0, 1, 4, 100} {
				l := computeLayout(w, h, n, -1)
				where := fmt.Sprintf("%dx%d, %d diagnostics", w, h, n)
				if l.tooSmall {
					t.Fatalf("%s: too small", where)
				}
				if l.wide != (w >= 130) {
					t.Fatalf("%s: wide = %v", where, l.wide)
				}
				if l.status != (kit.Rect{X: 0, Y: h - 2, W: w, H: 1}) || l.help != (kit.Rect{X: 0, Y: h - 1, W: w, H: 1}) {
					t.Fatalf("%s: status %+v help %+v", where, l.status, l.help)
				}
				body := kit.Rect{X: 0, Y: 0, W: w, H: h - 2}
				sum := 0
				for i, p := range layoutPanes {
					r := l.rectOf(p)
					if iw, ih := r.Inner(); iw < 10 || ih < 1 {
						t.Fatalf("%s: pane %d is %+v, no room inside", where, p, r)
					}
					if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > body.H {
						t.Fatalf("%s: pane %d at %+v leaves the body %+v", where, p, r, body)
					}
					for _, q := range layoutPanes[i+1:] {
						if overlaps(r, l.rectOf(q)) {
							t.Fatalf("%s: panes %d %+v and %d %+v overlap", where, p, r, q, l.rectOf(q))
						}
					}
					sum += area(r)
				}
				if sum != area(body) {
					t.Fatalf("%s: the panes cover %d of the %d cells of the body", where, sum, area(body))
				}
				// byX orders the panes by column, as the view joins them.
				ps := l.byX()
				for i := 1; i < len(ps); i++ {
					if l.rectOf(ps[i-1]).X > l.rectOf(ps[i]).X {
						t.Fatalf("%s: byX %v is not left to right", where, ps)
					}
				}
			}
		}
	}
}

func TestLayoutTooSmall(t *testing.T) {
	for _, s := range [][2]int{{MinWidth - 1, 40}, {200, MinHeight - 1}, {0, 0}, {1, 1}} {
		if l := computeLayout(s[0], s[1], 0, -1); !l.tooSmall {
			t.Errorf("%dx%d is not too small", s[0], s[1])
		}
	}
	if computeLayout(MinWidth, MinHeight, 0, -1).tooSmall {
		t.Error("the minimum size is too small")
	}
}

func TestLayoutWideFrom130Columns(t *testing.T) {
	narrow, wide := computeLayout(129, 40, 3, -1), computeLayout(130, 40, 3, -1)
	if narrow.wide || !wide.wide {
		t.Fatalf("wide at 129: %v, at 130: %v", narrow.wide, wide.wide)
	}
	// Narrow: the editor over the preview on the right, the diagnostics
	// under the tools.
	if narrow.preview.X != narrow.editor.X || narrow.preview.Y <= narrow.editor.Y || narrow.diags.X != 0 {
		t.Errorf("narrow layout: %+v", narrow)
	}
	// Wide: the preview in a column of its own right of the editor, the
	// diagnostics under both, the tools the whole height.
	if wide.preview.X <= wide.editor.X || wide.preview.Y != wide.editor.Y {
		t.Errorf("wide: the preview is not right of the editor: %+v %+v", wide.editor, wide.preview)
	}
	if wide.diags.X != wide.editor.X || wide.diags.W != wide.editor.W+wide.preview.W || wide.diags.Y != wide.editor.H {
		t.Errorf("wide: the diagnostics are not under the editor and the preview: %+v", wide.diags)
	}
	if wide.tools.H != 38 {
		t.Errorf("wide: the tools are %d high, want the body (38)", wide.tools.H)
	}
}

func TestLayoutZoomGivesTheFocusedPaneTheBody(t *testing.T) {
	for _, s := range [][2]int{{60, 16}, {100, 30}, {150, 50}} {
		for _, z := range layoutPanes {
			l := computeLayout(s[0], s[1], 7, z)
			if got, want := l.rectOf(z), (kit.Rect{X: 0, Y: 0, W: s[0], H: s[1] - 2}); got != want {
				t.Errorf("%dx%d zoom %d: %+v, want %+v", s[0], s[1], z, got, want)
			}
			for _, p := range layoutPanes {
				if p != z && l.rectOf(p) != (kit.Rect{}) {
					t.Errorf("%dx%d zoom %d: pane %d still has %+v", s[0], s[1], z, p, l.rectOf(p))
				}
			}
			if l.status.Y != s[1]-2 || l.help.Y != s[1]-1 {
				t.Errorf("%dx%d zoom %d: no status or help line", s[0], s[1], z)
			}
		}
	}
}

func TestLayoutDiagnosticsGrowWithTheirCountUpToAThird(t *testing.T) {
	for _, h := range []int{16, 24, 40, 60} {
		body := h - 2
		prev := 0
		for n := 0; n <= 40; n++ {
			l := computeLayout(160, h, n, -1)
			dh := l.diags.H
			if dh < prev {
				t.Fatalf("height %d: %d diagnostics get %d lines, %d got %d", h, n, dh, n-1, prev)
			}
			if dh > max(5, body/3) {
				t.Fatalf("height %d: %d diagnostics get %d lines, more than a third of %d", h, n, dh, body)
			}
			if l.editor.H+dh != body {
				t.Fatalf("height %d: editor %d + diagnostics %d != body %d", h, l.editor.H, dh, body)
			}
			prev = dh
		}
		if one, many := computeLayout(160, h, 1, -1).diags.H, computeLayout(160, h, 40, -1).diags.H; body/3 > 5 && one >= many {
			t.Errorf("height %d: one diagnostic gets %d lines, 40 get %d", h, one, many)
		}
		if got := computeLayout(160, h, 40, -1).diags.H; got != max(5, body/3) {
			t.Errorf("height %d: many diagnostics get %d lines, want a third (%d)", h, got, max(5, body/3))
		}
	}
	// Each diagnostic has room for its two lines plus a separator line.
	if a, b := computeLayout(160, 60, 2, -1).diags.H, computeLayout(160, 60, 3, -1).diags.H; b-a != 3 {
		t.Errorf("a third diagnostic adds %d lines, want 3", b-a)
	}
}

func TestFrameIsExactlyItsRect(t *testing.T) {
	st := kit.NewStyles(true)
	for _, r := range []kit.Rect{{X: 0, Y: 0, W: 2, H: 2}, {X: 0, Y: 0, W: 10, H: 3}, {X: 5, Y: 5, W: 40, H: 12}} {
		for _, title := range []string{"", "1 Tools", strings.Repeat("long title ", 10), "wide 漢字 title"} {
			content := []string{"short", strings.Repeat("x", 100), st.Error.Render("✗ styled"), "漢字漢字漢字漢字漢字漢字漢字"}
			lines := kit.Frame(r, title, content, st.Border, st.Title)
			if len(lines) != r.H {
				t.Fatalf("%+v %q: %d lines", r, title, len(lines))
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w != r.W {
					t.Fatalf("%+v %q: line %d is %d wide: %q", r, title, i, w, ansi.Strip(l))
				}
			}
		}
	}
	if kit.Frame(kit.Rect{X: 0, Y: 0, W: 1, H: 5}, "x", nil, lipgloss.NewStyle(), lipgloss.NewStyle()) != nil {
		t.Error("a frame narrower than its border")
	}
}

func TestFitAndFitExact(t *testing.T) {
	for _, s := range []string{"", "abc", "漢字漢字", "\x1b[31mred\x1b[m text"} {
		for w := 0; w < 12; w++ {
			if got := ansi.StringWidth(kit.FitExact(s, w)); got != w {
				t.Errorf("fitExact(%q, %d) is %d wide", s, w, got)
			}
			if strings.Contains(s, "漢") {
				continue // see TestFitCutsWideRunesToExactWidth
			}
			if got := ansi.StringWidth(kit.Fit(s, w)); got != w {
				t.Errorf("fit(%q, %d) is %d wide", s, w, got)
			}
		}
	}
}

func TestFitCutsWideRunesToExactWidth(t *testing.T) {
	for w := 0; w < 12; w++ {
		if got := ansi.StringWidth(kit.Fit("漢字漢字漢字漢字", w)); got != w {
			t.Errorf("fit(漢字…, %d) is %d wide", w, got)
		}
	}
}

// TestViewFillsEverySize draws the app at a grid of sizes: exactly h lines
// of exactly w cells, wide or narrow, zoomed or not.
func TestViewFillsEverySize(t *testing.T) {
	a := New(Options{Doc: model.Example(), Name: "example.json", Deps: kit.Deps{CopyNative: noCopy}})
	for w := MinWidth; w <= 200; w += 7 {
		for h := MinHeight; h <= 60; h += 5 {
			for _, zoom := range []bool{false, true} {
				a.zoom = zoom
				a.Update(tea.WindowSizeMsg{Width: w, Height: h})
				lines := strings.Split(a.View().Content, "\n")
				if len(lines) != h {
					t.Fatalf("%dx%d zoom %v: %d lines", w, h, zoom, len(lines))
				}
				for i, l := range lines {
					if lw := ansi.StringWidth(l); lw != w {
						t.Fatalf("%dx%d zoom %v: line %d is %d wide: %q", w, h, zoom, i, lw, ansi.Strip(l))
					}
				}
			}
		}
	}
}
