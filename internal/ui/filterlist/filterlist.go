// Package filterlist is a list with a filter line on top: type to narrow it
// with fuzzy matching, move with the arrows, enter or click to choose. It
// backs the command palette, the "add a tool" picker, the tool_choice
// chooser and the copy menu.
//
// The component draws nothing around itself (no border, no title) and does
// not know where it is on the screen: the caller puts its View lines where it
// wants and passes mouse events with coordinates made relative to the
// component's top-left corner, only when they fall inside it.
//
// All item text is untrusted: it goes through termtext.SanitizeLine once, in
// SetItems, and both the matching and the drawing use the sanitised form, so
// what the user types is matched against what is on the screen.
package filterlist

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
)

// Item is one row of the list.
type Item struct {
	// Title is what is matched and shown.
	Title string
	// Detail is dim text after the title, such as a description. It is
	// matched too, with lower weight: only as a contiguous substring, and
	// every item that matches by its title comes before every item that
	// matches only by its detail.
	Detail string
	// Key is a key hint shown right-aligned, such as "ctrl+s". It is not
	// matched.
	Key string
	// Disabled, when non-empty, is why the item cannot be used now. The item
	// is still listed and can be chosen (Update returns Chosen), so that
	// the caller can say why nothing happens; it is drawn with the Disabled
	// style and the reason in place of the detail.
	Disabled string
}

// Styles is the look of the list, provided by the caller. Only inline text
// attributes (colours, bold, faint, ...) should be set: the styles are
// applied to pieces of a row, and Match, Dim, Key and Disabled inherit what
// they leave unset (the background of Selected, for example) from the row's
// Normal or Selected style.
type Styles struct {
	Normal   lipgloss.Style // a row
	Selected lipgloss.Style // the row under the cursor, over its full width
	Match    lipgloss.Style // the matched characters
	Dim      lipgloss.Style // details, the placeholder, counts, "no match"
	Key      lipgloss.Style // the key hint
	Filter   lipgloss.Style // the filter line: prompt, text and cursor (drawn reversed)
	Disabled lipgloss.Style // the title and key of a disabled item
}

// Event is what an Update means to the caller.
type Event int

const (
	// None: nothing for the caller to do.
	None Event = iota
	// Chosen: the selected item was chosen (enter or a click); see
	// Selected. It may be a disabled item.
	Chosen
	// Cancelled: esc on an empty filter.
	Cancelled
)

func (e Event) String() string {
	switch e {
	case None:
		return "None"
	case Chosen:
		return "Chosen"
	case Cancelled:
		return "Cancelled"
	}
	return fmt.Sprintf("Event(%d)", int(e))
}

// maxFilterRunes bounds the filter; a longer paste is cut.
const maxFilterRunes = 256

// detailTier is subtracted from the score of detail-only matches, so they
// sort after all title matches (scores are far smaller than this).
const detailTier = 1 << 20

// entry is the display and matching form of an Item.
type entry struct {
	title, detail, key, reason string // sanitised
	titleW, keyW               int
	// Whether title, detail, key, reason are printable ASCII.
	titleASCII, detailASCII, keyASCII, reasonASCII bool

	tTitle, tDetail text
}

// hit is a matching item.
type hit struct {
	idx      int32 // index into items
	score    int32
	inDetail bool // matched by its detail, not by its title
}

// Model is the state of a filterable list. The zero value is an empty list;
// use New or SetItems to fill it. Model is a value: Update returns the new
// one.
type Model struct {
	// Placeholder is shown, dimmed, in the filter line while the filter is
	// empty, for example "type to filter".
	Placeholder string

	items   []Item
	ents    []entry
	filter  string
	matched string // the filter that matches was computed for
	matches []hit  // sorted by score, then by original order
	cursor  int    // index into matches
	yOff    int    // first visible match
	height  int    // lines of the whole component, filter line included
}

// New returns a list of items with an empty filter and the cursor on the
// first item.
func New(items []Item) Model {
	var m Model
	m.SetItems(items)
	return m
}

// SetItems replaces the items. The filter is kept and applied to the new
// items; the cursor stays at the same row, clamped to the matches.
func (m *Model) SetItems(items []Item) {
	m.items = slices.Clone(items)
	m.ents = make([]entry, len(items))
	for i, it := range items {
		e := &m.ents[i]
		e.title = termtext.SanitizeLine(it.Title)
		e.detail = termtext.SanitizeLine(it.Detail)
		e.key = termtext.SanitizeLine(it.Key)
		e.reason = termtext.SanitizeLine(it.Disabled)
		e.titleW = ansi.StringWidth(e.title)
		e.keyW = ansi.StringWidth(e.key)
		e.titleASCII, e.detailASCII = isASCII(e.title), isASCII(e.detail)
		e.keyASCII, e.reasonASCII = isASCII(e.key), isASCII(e.reason)
		prepare(&e.tTitle, e.title, maxTitleRunes)
		if e.detail != "" {
			prepare(&e.tDetail, e.detail, maxDetailRunes)
		}
	}
	m.matched = ""
	m.refilter()
	m.cursor = max(0, min(m.cursor, len(m.matches)-1))
	m.fixOffset()
}

// Reset clears the filter and puts the cursor on the first item: a picker
// opens at the top every time.
func (m *Model) Reset() {
	m.setFilter("")
	m.cursor, m.yOff = 0, 0
}

// Select puts the cursor on item i (an index into the items given), when
// it matches the filter: a chooser opens on the current choice.
func (m *Model) Select(i int) {
	for j, h := range m.matches {
		if int(h.idx) == i {
			m.cursor = j
			m.fixOffset()
			return
		}
	}
}

// Filter returns the filter text.
func (m Model) Filter() string { return m.filter }

// Len returns the number of items that match the filter.
func (m Model) Len() int { return len(m.matches) }

// Selected returns the index, in the items given to New or SetItems, of the
// item under the cursor; ok is false when nothing matches.
func (m Model) Selected() (index int, ok bool) {
	if m.cursor < 0 || m.cursor >= len(m.matches) {
		return -1, false
	}
	return int(m.matches[m.cursor].idx), true
}

// SelectedItem returns the item under the cursor, as it was given (not
// sanitised); ok is false when nothing matches.
func (m Model) SelectedItem() (Item, bool) {
	i, ok := m.Selected()
	if !ok {
		return Item{}, false
	}
	return m.items[i], true
}

// SetHeight sets the number of lines the component has, the filter line
// included. Update needs it to page and to map mouse rows to items; pass
// the same h to View.
func (m *Model) SetHeight(h int) {
	m.height = max(0, h)
	m.fixOffset()
}

// Update handles a message and says what it means to the caller.
//
// Keys: printable text (j and k too) is typed into the filter; backspace
// deletes a rune, ctrl+w (or alt+backspace) a word, ctrl+u the whole filter;
// up/ctrl+p and down/ctrl+n move by one, pgup/pgdown by a page, home/end to
// the first and last match; enter chooses the selected item (when something
// matches); esc clears the filter, or, when it is already empty, cancels.
// A paste is typed into the filter without its line breaks. Whenever the
// filter changes, the cursor goes to the best match.
//
// Mouse, with coordinates relative to the component (row 0 is the filter
// line): a left click on an item chooses it; the wheel moves the cursor by
// one. Clicks are ignored until SetHeight has been called. The caller
// passes only the events inside the component.
func (m Model) Update(msg tea.Msg) (Model, Event) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.updateKey(msg)
	case tea.PasteMsg:
		s := strings.NewReplacer("\r\n", "", "\n", "", "\r", "").Replace(msg.Content)
		m.typeText(s)
	case tea.MouseClickMsg:
		mo := msg.Mouse()
		if mo.Button != tea.MouseLeft || mo.Y < 1 || mo.X < 0 {
			break
		}
		rows := m.rows()
		if rows == 0 || mo.Y > rows {
			break
		}
		i := WindowTop(m.cursor, m.yOff, len(m.matches), rows) + mo.Y - 1
		if i >= len(m.matches) {
			break
		}
		m.cursor = i
		m.fixOffset()
		return m, Chosen
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			m.move(-1)
		case tea.MouseWheelDown:
			m.move(1)
		}
	}
	return m, None
}

func (m Model) updateKey(msg tea.KeyPressMsg) (Model, Event) {
	switch msg.String() {
	case "up", "ctrl+p":
		m.move(-1)
	case "down", "ctrl+n":
		m.move(1)
	case "pgup":
		m.move(-m.page())
	case "pgdown":
		m.move(m.page())
	case "home":
		m.move(-len(m.matches))
	case "end":
		m.move(len(m.matches))
	case "enter":
		if len(m.matches) > 0 {
			return m, Chosen
		}
	case "esc":
		if m.filter == "" {
			return m, Cancelled
		}
		m.setFilter("")
	case "backspace", "ctrl+h":
		if m.filter != "" {
			_, size := utf8.DecodeLastRuneInString(m.filter)
			m.setFilter(m.filter[:len(m.filter)-size])
		}
	case "ctrl+w", "alt+backspace":
		f := strings.TrimRightFunc(m.filter, unicode.IsSpace)
		m.setFilter(f[:strings.LastIndexFunc(f, unicode.IsSpace)+1])
	case "ctrl+u":
		m.setFilter("")
	default:
		const mods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper
		if msg.Text != "" && msg.Mod&mods == 0 {
			m.typeText(msg.Text)
		}
	}
	return m, None
}

// typeText appends s to the filter, without control characters (a tab
// becomes a space) and within maxFilterRunes.
func (m *Model) typeText(s string) {
	room := maxFilterRunes - utf8.RuneCountInString(m.filter)
	var b strings.Builder
	b.WriteString(m.filter)
	for _, r := range s {
		if room <= 0 {
			break
		}
		switch {
		case r == '\t':
			r = ' '
		case r < 0x20, r >= 0x7f && r < 0xa0, r == utf8.RuneError:
			continue
		}
		b.WriteRune(r)
		room--
	}
	m.setFilter(b.String())
}

// SetFilter puts text in the filter (an undo of its typing), as typing it
// would.
func (m *Model) SetFilter(text string) { m.setFilter(text) }

// setFilter changes the filter, re-filters and puts the cursor on the best
// match.
func (m *Model) setFilter(f string) {
	if f == m.filter {
		return
	}
	m.filter = f
	m.refilter()
	m.cursor, m.yOff = 0, 0
}

// refilter computes the matches of the filter. When the filter only grew,
// only the previous matches can match, so only they are tried again.
func (m *Model) refilter() {
	p := newPattern(m.filter)
	if len(p.runes) == 0 {
		m.matches = make([]hit, len(m.ents))
		for i := range m.matches {
			m.matches[i].idx = int32(i)
		}
		m.matched = ""
		return
	}
	var cands []hit
	incremental := m.matched != "" && strings.HasPrefix(m.filter, m.matched)
	if incremental {
		cands = m.matches
	}
	out := make([]hit, 0, max(len(cands), min(len(m.ents), 64)))
	mt := matchers.Get().(*matcher)
	try := func(i int32) {
		e := &m.ents[i]
		if s, ok := mt.align(&p, &e.tTitle, false); ok {
			out = append(out, hit{idx: i, score: int32(s)})
		} else if e.detail != "" {
			if s, ok := mt.substring(&p, &e.tDetail, false); ok {
				out = append(out, hit{idx: i, score: int32(s - detailTier), inDetail: true})
			}
		}
	}
	if incremental {
		for _, h := range cands {
			try(h.idx)
		}
	} else {
		for i := range m.ents {
			try(int32(i))
		}
	}
	matchers.Put(mt)
	slices.SortFunc(out, func(a, b hit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.idx, b.idx)
	})
	m.matches = out
	m.matched = m.filter
}

// rows is the number of item rows, or 0 when the height is not known.
func (m *Model) rows() int {
	if m.height <= 0 {
		return 0
	}
	return m.height - 1
}

func (m *Model) page() int {
	if m.height <= 0 {
		return 10
	}
	return max(1, m.height-1)
}

func (m *Model) move(d int) {
	if len(m.matches) == 0 {
		return
	}
	m.cursor = max(0, min(m.cursor+d, len(m.matches)-1))
	m.fixOffset()
}

func (m *Model) fixOffset() {
	if rows := m.rows(); rows > 0 {
		m.yOff = WindowTop(m.cursor, m.yOff, len(m.matches), rows)
	}
}

// WindowTop returns the first visible match of a window of rows rows that
// starts at yOff if it can, shows the cursor, and has no empty rows at the
// bottom when there are enough matches to fill it.
func WindowTop(cursor, yOff, n, rows int) int {
	if rows <= 0 {
		return max(0, min(cursor, n-1))
	}
	top := yOff
	if cursor < top {
		top = cursor
	}
	if cursor >= top+rows {
		top = cursor - rows + 1
	}
	return max(0, min(top, n-rows))
}
