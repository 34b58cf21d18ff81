package export

import (
	"bytes"
	"sync"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// message is a plain role and text message of the request's input: what
// every target can take.
type message struct {
	role string   // user, assistant, system or developer
	text []string // the text of its parts, in order
	path string   // its pointer in the body
}

var messageRoles = sync.OnceValue(func() map[string]bool {
	return set("user", "assistant", "system", "developer")
})

// readInput returns the plain messages of the request's input (a string is
// one user message) and notes every other item, and every part that is not
// text, as lost for target.
func readInput(req rawjson.Object, n *notes, target formats.Name) []message {
	v, ok := req.Get("input")
	if !ok || isNull(v) {
		return nil
	}
	if s, ok := str(v); ok {
		return []message{{role: "user", text: []string{s}, path: "/input"}}
	}
	items, ok := elements(v)
	if !ok {
		n.lost("/input", "input is a %s, not a string or a list of items; dropped", rawjson.JSONKind(v))
		return nil
	}
	var out []message
	for i, it := range items {
		if m, ok := readMessage(it, index("/input", i), n, target); ok {
			out = append(out, m)
		}
	}
	return out
}

// readMessage reads one input item as a plain message.
func readMessage(it []byte, path string, n *notes, target formats.Name) (message, bool) {
	o, ok := members(it)
	if !ok {
		n.lost(path, "an input item that is a %s has no %s equivalent; dropped", rawjson.JSONKind(it), target.Title())
		return message{}, false
	}
	if typ, has := getStr(o, "type"); has && typ != "message" {
		n.lost(path, "the %s input item has no %s equivalent here; dropped", typ, target.Title())
		return message{}, false
	}
	role, _ := getStr(o, "role")
	if !messageRoles()[role] {
		n.lost(path, "an input message without a user, assistant, system or developer role; dropped")
		return message{}, false
	}
	m := message{role: role, path: path}
	content, _ := o.Get("content")
	if s, ok := str(content); ok {
		m.text = []string{s}
	} else if parts, ok := elements(content); ok {
		m.text = readParts(parts, key(path, "content"), n, target)
	} else {
		n.lost(key(path, "content"), "message content that is not a string or a list of parts; dropped")
	}
	dropRest(n, o, path, set("type", "role", "content"), "of an input message has no "+target.Title()+" equivalent")
	return m, len(m.text) > 0
}

// noMessages notes that the export has no message in list, which every
// target's API refuses: the request has no input, or none it can take.
func noMessages(req rawjson.Object, n *notes, target formats.Name, list string) {
	why := "the request has no input"
	if v, ok := req.Get("input"); ok && !isNull(v) {
		why = "the request has no input message it can take"
	}
	n.lost("/input", "%s: %s is written empty, and %s requires at least one", why, list, target.Title())
}

// readParts returns the text of the text parts and notes the others.
func readParts(parts [][]byte, base string, n *notes, target formats.Name) []string {
	var out []string
	for j, p := range parts {
		path := index(base, j)
		o, _ := members(p)
		typ, _ := getStr(o, "type")
		text, isText := getStr(o, "text")
		if (typ != "input_text" && typ != "output_text") || !isText {
			if typ == "" {
				typ = "untyped"
			}
			n.lost(path, "%s content has no %s equivalent here; dropped", typ, target.Title())
			continue
		}
		out = append(out, text)
		for _, m := range o {
			if m.Key != "type" && m.Key != "text" && !empty(m.Value) {
				n.lost(key(path, m.Key), "%s of a text part has no %s equivalent; dropped", m.Key, target.Title())
			}
		}
	}
	return out
}

// empty reports whether v is null, [] or {}.
func empty(v []byte) bool {
	v = bytes.Join(bytes.Fields(v), nil)
	return isNull(v) || string(v) == "[]" || string(v) == "{}"
}

// instructions returns the request's instructions when they are a string,
// noting any other value as lost.
func instructions(req rawjson.Object, n *notes) (string, bool) {
	v, ok := req.Get("instructions")
	if !ok || isNull(v) {
		return "", false
	}
	s, ok := str(v)
	if !ok {
		n.lost("/instructions", "instructions that are not a string; dropped")
	}
	return s, ok
}

// textContent writes a message's content the way Chat Completions and
// Anthropic take it: one text as a string (a string and a single text part
// mean the same, and a string is what reads back), several as text blocks.
func textContent(m message) []byte {
	if len(m.text) == 1 {
		return jstr(m.text[0])
	}
	blocks := make([][]byte, len(m.text))
	for i, t := range m.text {
		blocks[i] = obj("type", jstr("text"), "text", jstr(t))
	}
	return array(blocks)
}
