// Package kit is the contract between tooltui's root model and its panes
// and dialogs: what a component reads (Env: the session, styles, keys and
// the token estimate), what it returns (actions, which the root applies),
// the Dialog interface with its optional parts (TextField, CloseGuard,
// PendingText), the key map with its help rows, and the drawing pieces
// every view shares (Box, Frame, Fit).
//
// A component package imports kit and packages outside internal/ui, never
// another component nor the root: the root (package ui) routes messages
// and keys to them and applies what they return.
package kit
