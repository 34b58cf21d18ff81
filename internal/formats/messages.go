package formats

import (
	"encoding/json"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Conversations carry over as the input of the request when they are plain
// text messages; tool calls, tool results, images and files are left out
// with a note, since tooltui composes the tools of a request, not its
// history.

// partText reads one part of a message: its text (a raw JSON string), or
// nil after noting why it is left out.
type partText func(b *builder, p rawjson.Object, path string) json.RawMessage

// message adds the message at path to the input: content, found at cpath,
// is a string value as written, or parts whose texts partText reads. It
// notes a message that has no text left.
func (b *builder) message(path, cpath, role string, content []byte, read partText) {
	if rawjson.JSONKind(content) == "string" {
		b.input = append(b.input, obj("role", role, "content", json.RawMessage(content)).AppendJSON(nil))
		return
	}
	var texts []json.RawMessage
	parts, ok := elements(content)
	switch {
	case ok:
	case rawjson.JSONKind(content) == "object": // one part written without its array
		parts = [][]byte{content}
	case content != nil && !lit(content, "null"):
		b.lose(cpath, "content must be a string or an array of parts, got %s; the message is left out", rawjson.JSONKind(content))
		return
	}
	for i, p := range parts {
		pp := ati(cpath, i)
		if !ok {
			pp = cpath
		}
		po, isObj := members(p)
		if !isObj {
			b.lose(pp, "a part must be an object, got %s; left out", rawjson.JSONKind(p))
			continue
		}
		if t := read(b, po, pp); t != nil {
			texts = append(texts, t)
		}
	}
	b.texts(path, role, texts)
}

// texts adds the message made of texts.
func (b *builder) texts(path, role string, texts []json.RawMessage) {
	switch {
	case len(texts) == 0:
		b.lose(path, "the %s message has no text left to carry over; it is left out", role)
	case len(texts) == 1:
		b.input = append(b.input, obj("role", role, "content", texts[0]).AppendJSON(nil))
	case role == "assistant":
		b.change(path, "an assistant message of %d text parts becomes %d assistant messages of one text each", len(texts), len(texts))
		for _, t := range texts {
			b.input = append(b.input, obj("role", role, "content", t).AppendJSON(nil))
		}
	default:
		parts := make([]json.RawMessage, len(texts))
		for i, t := range texts {
			parts[i] = obj("type", "input_text", "text", t).AppendJSON(nil)
		}
		b.input = append(b.input, obj("role", role, "content", array(parts)).AppendJSON(nil))
	}
}

// textPart reads a part {"type":"text","text":…} (Chat Completions and
// Anthropic content blocks); other keys of it are noted by extra.
func textPart(b *builder, p rawjson.Object, path string, extra func(k, path string)) json.RawMessage {
	typ, _ := str(p, "type")
	if typ != "text" {
		kind := "a " + typ + " part"
		if typ == "" {
			kind = "a part without a type"
		}
		b.lose(path, "%s has no place in a Responses input made of text messages; left out", kind)
		return nil
	}
	t, ok := p.Get("text")
	if !ok || rawjson.JSONKind(t) != "string" {
		b.lose(path, "a text part without a text string; left out")
		return nil
	}
	for _, m := range p {
		if m.Key != "type" && m.Key != "text" {
			extra(m.Key, at(path, m.Key))
		}
	}
	return t
}

// joinTexts joins text blocks into one instructions string, noting that
// several became one.
func (b *builder) joinTexts(path string, texts []json.RawMessage) json.RawMessage {
	if len(texts) == 1 {
		return texts[0]
	}
	s := ""
	for i, t := range texts {
		u, _ := rawjson.Unquote(t)
		if i > 0 {
			s += "\n\n"
		}
		s += u
	}
	b.change(path, "%d text blocks become one instructions string, separated by blank lines", len(texts))
	return rawjson.String(s)
}
