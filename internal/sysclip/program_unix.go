//go:build unix && !darwin

package sysclip

// Program is the clipboard program and its arguments, tried in the order
// github.com/atotto/clipboard tries them, with the same arguments: wl-copy
// in a Wayland session (WAYLAND_DISPLAY set), else xclip, xsel,
// termux-clipboard-set (Termux) or clip.exe (WSL), the first found with
// lookPath; nil for none. Only the program that copies need be found (that
// package also wants the one that pastes).
func Program(getenv func(string) string, lookPath func(string) (string, error)) []string {
	var choices [][]string
	if getenv("WAYLAND_DISPLAY") != "" {
		choices = append(choices, []string{"wl-copy"})
	}
	choices = append(choices,
		[]string{"xclip", "-in", "-selection", "clipboard"},
		[]string{"xsel", "--input", "--clipboard"},
		[]string{"termux-clipboard-set"},
		[]string{"clip.exe"})
	for _, c := range choices {
		if _, err := lookPath(c[0]); err == nil {
			return c
		}
	}
	return nil
}
