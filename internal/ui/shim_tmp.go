package ui

import "github.com/tooltui/tooltui/internal/ui/editor"

func shimSelectAll(*editor.Model)        {}
func shimClear(*editor.Model)            {}
func shimAuto(*editor.Model, bool)       {}
func shimKeep(m *editor.Model, s string) { m.SetValue(s) }
