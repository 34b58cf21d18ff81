package filterlist

import tea "charm.land/bubbletea/v2"

// Edit is what key k does to a line of text s that keys type into:
// backspace (ctrl+h) takes the last character back, ctrl+u all of them,
// space and a key with text and no modifier add theirs (Clean keeps what
// may go in). ok is false for any other key.
func Edit(k tea.KeyPressMsg, s string) (string, bool) {
	switch k.String() {
	case "backspace", "ctrl+h":
		if r := []rune(s); len(r) > 0 {
			return string(r[:len(r)-1]), true
		}
		return s, true
	case "ctrl+u":
		return "", true
	case "space":
		return s + " ", true
	}
	const mods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper
	if k.Text != "" && k.Mod&mods == 0 {
		return s + k.Text, true
	}
	return s, false
}

// Clean keeps the printable characters of s, at most n.
func Clean(s string, n int) string {
	var b []rune
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r < 0xa0) {
			b = append(b, r)
		}
	}
	return string(b[:min(len(b), n)])
}
