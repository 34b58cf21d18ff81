package kit

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/tooltui/tooltui/internal/ui/checklist"
	"github.com/tooltui/tooltui/internal/ui/display"
	"github.com/tooltui/tooltui/internal/ui/editor"
)

// Styles is the whole look of the app for one background.
type Styles struct {
	Border, BorderFocused      lipgloss.Style
	Title, TitleFocused        lipgloss.Style
	Dim, Label, LabelFocused   lipgloss.Style
	Selected, SelectedBlurred  lipgloss.Style
	Error, Warning, OK, Info   lipgloss.Style
	Disabled                   lipgloss.Style
	StatusInfo, StatusErr      lipgloss.Style
	Select, SelectFocused      lipgloss.Style
	EditTag, EditLine          lipgloss.Style
	Dialog                     lipgloss.Style
	Editor, EditorFocusedField editor.Styles
	JSON                       display.Palette
	Help                       help.Styles
}

// NewStyles builds the styles for a dark or light background.
func NewStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	accent := ld(lipgloss.Color("#5A3FD6"), lipgloss.Color("#9D8CFF"))
	subtle := ld(lipgloss.Color("#A0A0A0"), lipgloss.Color("#5C5C5C"))
	dim := ld(lipgloss.Color("#707070"), lipgloss.Color("#8A8A8A"))
	red := ld(lipgloss.Color("#C62828"), lipgloss.Color("#FF6B6B"))
	yellow := ld(lipgloss.Color("#9A6700"), lipgloss.Color("#F2C94C"))
	green := ld(lipgloss.Color("#2E7D32"), lipgloss.Color("#6FCF97"))
	selBg := ld(lipgloss.Color("#E4DEFF"), lipgloss.Color("#3A3356"))
	selBgBlur := ld(lipgloss.Color("#EEEEEE"), lipgloss.Color("#2C2C2C"))

	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := Styles{
		Border:          fg(subtle),
		BorderFocused:   fg(accent),
		Title:           fg(dim).Bold(true),
		TitleFocused:    fg(accent).Bold(true),
		Dim:             fg(dim),
		Label:           fg(dim),
		LabelFocused:    fg(accent).Bold(true),
		Selected:        lipgloss.NewStyle().Background(selBg).Bold(true),
		SelectedBlurred: lipgloss.NewStyle().Background(selBgBlur),
		Error:           fg(red).Bold(true),
		Warning:         fg(yellow).Bold(true),
		OK:              fg(green),
		Info:            fg(accent),
		Disabled:        fg(dim).Strikethrough(true),
		StatusInfo:      fg(green),
		StatusErr:       fg(red),
		Select:          lipgloss.NewStyle(),
		SelectFocused:   fg(accent).Bold(true),
		EditTag:         lipgloss.NewStyle().Background(accent).Foreground(ld(lipgloss.Color("#FFFFFF"), lipgloss.Color("#1A1A1A"))).Bold(true),
		EditLine:        lipgloss.NewStyle().Underline(true),
		Dialog:          fg(accent),
		Editor:          editor.DefaultStyles(isDark),
		JSON:            display.DefaultPalette(isDark),
		Help:            help.DefaultStyles(isDark),
	}
	s.EditorFocusedField = s.Editor
	return s
}

// Checklist is the look of a checklist (the import's, the MCP tools list).
func (st *Styles) Checklist() checklist.Styles {
	return checklist.Styles{Dim: st.Dim, Warning: st.Warning, Error: st.Error, Selected: st.Selected, Filter: st.LabelFocused}
}
