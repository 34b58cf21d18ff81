package convert

// Keys written twice outside the tool entries: at the top level of the
// document or body, in extra, and inside the request fields' values.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// mergedDiagnostics warn about the members tooltui reads as one though
// the file repeats them: which values are used, and that a save writes
// one.
func mergedDiagnostics(d *model.Document) []Diagnostic {
	var diags []Diagnostic
	for _, r := range d.Merged {
		times := strconv.Itoa(r.Times) + " times"
		var msg string
		switch r.Key {
		case model.KeyToolsDefs:
			msg = "written " + times + ": tooltui reads the functions of each, one after the other (tools_defs[n] counts on from one to the next), and a save writes them as one tools_defs"
		case model.KeyExtra + "." + model.KeyBuiltinTools:
			msg = "written " + times + ": tooltui reads the tools of each, one after the other (extra.builtin_tools[n] counts on from one to the next), and a save writes them as one array"
		case model.KeyTools:
			msg = "written " + times + ": tooltui reads the tools of each, one after the other (tools[n] counts on from one to the next), and a save writes them as one array; sent as it is (curl -d @file), the body gives the API only the last, as most JSON readers read it"
		case model.KeyExtra:
			msg = "written " + times + ": tooltui reads the members of each (of a key in more than one, the last), and a save writes them as one extra"
		case model.KeyMeta:
			msg = "written " + times + ": tooltui reads only the last (its mocks, drafts and disabled tools), and a save writes that one"
		default:
			msg = "written " + times + ": tooltui reads them as one"
		}
		diags = append(diags, Diagnostic{Severity: Warning, Location: r.Key, Message: msg, Index: -1})
	}
	return diags
}

// repeatedMembers warns about each key written more than once in members
// (the top level's fields, or extra's), located at prefix+key: the
// request sends the last. Placeholders (nil values) are not members.
func repeatedMembers(members rawjson.Object, prefix, where string) []Diagnostic {
	var diags []Diagnostic
	for i, m := range members {
		if m.Value == nil {
			continue
		}
		first, n := true, 0
		for j, o := range members {
			if o.Key != m.Key || o.Value == nil {
				continue
			}
			if j < i {
				first = false
				break
			}
			n++
		}
		if !first || n < 2 {
			continue
		}
		last, _ := members.Get(m.Key)
		diags = append(diags, Diagnostic{Severity: Warning, Location: prefix + m.Key, Index: -1,
			Message: fmt.Sprintf("written %d times %s: the request sends the last, %s; the others are kept in the file but not sent", n, where, shownValue(last))})
	}
	return diags
}

// fieldDup is the duplicate keys found in one request field's value,
// kept with the value's slice: values are never changed in place, so the
// same slice is the same value, and a keystroke elsewhere scans nothing.
type fieldDup struct {
	raw    []byte
	issues []Issue
}

// nestedDuplicates warns about keys repeated inside the values the
// request sends: each field of fields (where "extra." names those that
// came from extra), scanned once per value.
func (c *Converter) nestedDuplicates(fields, extra rawjson.Object) []Diagnostic {
	var diags []Diagnostic
	next := make(map[string]fieldDup, len(c.fieldDups))
	for i, f := range fields {
		if fields[i+1:].Has(f.Key) {
			continue // not the one sent
		}
		v := f.Value
		if len(v) == 0 || v[0] != '{' && v[0] != '[' {
			v = bytes.TrimSpace(v)
			if len(v) == 0 || v[0] != '{' && v[0] != '[' {
				continue
			}
		}
		loc := f.Key
		if extra.Has(f.Key) { // extra's members replace the top level's
			loc = model.KeyExtra + "." + f.Key
		}
		fd, ok := c.fieldDups[loc]
		if !ok || len(fd.raw) != len(v) || unsafe.SliceData(fd.raw) != unsafe.SliceData(v) {
			fd = fieldDup{raw: v, issues: nestedIssues(v)}
		}
		next[loc] = fd
		for _, is := range fd.issues {
			diags = append(diags, Diagnostic{Severity: Warning, Location: loc, Path: is.Path, Message: is.Message, Index: -1})
		}
	}
	c.fieldDups = next
	return diags
}

// nestedIssues are the keys repeated inside one request field's value,
// each saying which value the request means.
func nestedIssues(v []byte) []Issue {
	issues := duplicateKeys(v, "")
	for i := range issues {
		at, key := splitLastToken(issues[i].Path)
		value := "the last"
		if off, exact, ok := rawjson.LocatePointer(v, at); ok && exact {
			if end := rawjson.SkipValue(v, off); end > off && v[off] == '{' {
				if last, ok := rawjson.Members(v[off:end]).Get(key); ok {
					value += ", " + shownValue(last)
				}
			}
		}
		where := at
		if where == "" {
			where = "the top level of the value"
		}
		issues[i].Message = "duplicate key " + quoteForMessage(key) + " at " + where + ": the request sends them all as written; the API, like most JSON readers, reads " + value
	}
	return issues
}

// splitLastToken splits "/a/b~1c" into "/a" and the key "b/c".
func splitLastToken(p string) (string, string) {
	i := len(p) - 1
	for i >= 0 && p[i] != '/' {
		i--
	}
	if i < 0 {
		return "", p
	}
	return p[:i], unescapeToken(p[i+1:])
}

func unescapeToken(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	var b []byte
	for i := 0; i < len(tok); i++ {
		if tok[i] == '~' && i+1 < len(tok) {
			switch tok[i+1] {
			case '0':
				b = append(b, '~')
				i++
				continue
			case '1':
				b = append(b, '/')
				i++
				continue
			}
		}
		b = append(b, tok[i])
	}
	return string(b)
}

// shownValue is a value for a message: short ones as compact JSON (and
// clipped), long ones by their kind.
func shownValue(v []byte) string {
	v = bytes.TrimSpace(v)
	if len(v) > 200 {
		return "a JSON " + rawjson.JSONKind(v) + " of " + model.Bytes(int64(len(v)))
	}
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return "a JSON " + rawjson.JSONKind(v)
	}
	return clipText(b.String())
}
