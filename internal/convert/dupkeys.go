package convert

import (
	"bytes"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// maxDupReports caps the duplicate keys reported for one scanned value.
const maxDupReports = 20

// duplicateKeys reports every key that appears more than once in one
// object of v, valid JSON text whose pointer inside the entry is prefix
// ("" for a whole entry, "/parameters" for a function's parameters).
//
// A decoder keeps one of the repeated members (encoding/json and the
// converter the last, others the first) and drops the rest silently, so
// the entry may not mean what it says to every receiver: a warning.
func duplicateKeys(v []byte, prefix string) []Issue {
	d := dupScans.Get().(*dupScan)
	d.data, d.prefix = v, prefix
	d.value(rawjson.SkipSpace(v, 0), 0)
	issues := d.issues
	d.release()
	return issues
}

// dupScans keeps the scratch space of scans, for one conversion's many
// entries and schemas.
var dupScans = sync.Pool{New: func() any { return new(dupScan) }}

// release resets d, keeping its scratch space but not what it pointed
// into, and puts it back in dupScans.
func (d *dupScan) release() {
	for i := range d.keys {
		clear(d.keys[i][:cap(d.keys[i])])
		d.keys[i] = d.keys[i][:0]
		clear(d.sets[i])
	}
	clear(d.path[:cap(d.path)])
	*d = dupScan{path: d.path[:0], keys: d.keys, sets: d.sets}
	dupScans.Put(d)
}

// memberDuplicateKeys is duplicateKeys for an entry already split into
// its members, except that the values of members named skip are not
// looked into; the rest are scanned in place, so skipped values (a
// function's parameters, maybe megabytes) cost nothing.
func memberDuplicateKeys(o rawjson.Object, skip string) []Issue {
	var issues []Issue
	var reported []string
	for i, m := range o {
		if contains(reported, m.Key) {
			continue
		}
		for _, prev := range o[:i] {
			if prev.Key == m.Key {
				reported = append(reported, m.Key)
				issues = append(issues, dupIssue("", m.Key))
				break
			}
		}
	}
	for _, m := range o {
		if m.Key == skip || len(issues) >= maxDupReports {
			continue
		}
		if v := m.Value; len(v) > 0 && (v[0] == '{' || v[0] == '[') {
			issues = append(issues, duplicateKeys(v, "/"+escapePointer(m.Key))...)
		}
	}
	if len(issues) > maxDupReports {
		issues = issues[:maxDupReports]
	}
	return issues
}

// dupIssue is the warning about key repeated in the object at pointer at.
func dupIssue(at, key string) Issue {
	where := at
	if where == "" {
		where = "the top level"
	}
	return Issue{
		Path:    at + "/" + escapePointer(key),
		Message: "duplicate key " + quoteForMessage(key) + " at " + where + ": only the last one was checked, and receivers disagree on which wins",
	}
}

// dupScan is one scan of valid JSON text for repeated keys. It follows
// strings and brackets only; the text is known to be valid.
type dupScan struct {
	data   []byte
	prefix string
	path   []dupTok              // where the scan is, for a report
	keys   [][]string            // per depth: the keys of the open object
	sets   []map[string]struct{} // per depth: the same keys, for long objects
	issues []Issue
}

// dupTok is one step of the scan's path: an object key as written
// (quoted, maybe escaped) or an array index.
type dupTok struct {
	key []byte
	idx int
}

// dupLinear is how many keys an object may have before its keys are
// looked up in a map instead of compared one by one.
const dupLinear = 16

// value scans the value starting at i and returns the index after it.
func (d *dupScan) value(i, depth int) int {
	if i >= len(d.data) {
		return i
	}
	switch d.data[i] {
	case '{':
		return d.object(i, depth)
	case '[':
		return d.array(i, depth)
	}
	return rawjson.SkipValue(d.data, i)
}

func (d *dupScan) object(i, depth int) int {
	if depth >= maxDepth {
		return rawjson.SkipValue(d.data, i)
	}
	for len(d.keys) <= depth {
		d.keys = append(d.keys, nil)
		d.sets = append(d.sets, nil)
	}
	keys := d.keys[depth][:0]
	set := d.sets[depth]
	if set != nil {
		clear(set)
	}
	useSet := false
	var reported []string
	data := d.data
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		end := rawjson.SkipString(data, i)
		raw := data[i:end]
		key := keyText(raw)
		seen := false
		if useSet {
			_, seen = set[key]
			set[key] = struct{}{}
		} else {
			for _, k := range keys {
				if k == key {
					seen = true
					break
				}
			}
			keys = append(keys, key)
			if len(keys) > dupLinear {
				if set == nil {
					set = make(map[string]struct{}, 64)
					d.sets[depth] = set
				}
				for _, k := range keys {
					set[k] = struct{}{}
				}
				useSet = true
			}
		}
		if seen && !contains(reported, key) {
			reported = append(reported, key)
			d.report(key)
		}
		i = rawjson.SkipSpace(data, end)
		i = rawjson.SkipSpace(data, i+1) // ':'
		d.path = append(d.path, dupTok{key: raw})
		i = d.value(i, depth+1)
		d.path = d.path[:len(d.path)-1]
		i = rawjson.SkipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	d.keys[depth] = keys[:0]
	return i + 1
}

func (d *dupScan) array(i, depth int) int {
	if depth >= maxDepth {
		return rawjson.SkipValue(d.data, i)
	}
	data := d.data
	i = rawjson.SkipSpace(data, i+1)
	for n := 0; i < len(data) && data[i] != ']'; n++ {
		d.path = append(d.path, dupTok{idx: n})
		i = d.value(i, depth+1)
		d.path = d.path[:len(d.path)-1]
		i = rawjson.SkipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	return i + 1
}

// report records a repeated key of the object the scan is in.
func (d *dupScan) report(key string) {
	if len(d.issues) >= maxDupReports {
		return
	}
	at := d.prefix
	for _, t := range d.path {
		if t.key != nil {
			at += "/" + escapePointer(keyString(t.key))
		} else {
			at += "/" + strconv.Itoa(t.idx)
		}
	}
	d.issues = append(d.issues, dupIssue(at, key))
}

// keyText is a key for comparing: its text between the quotes, decoded
// only when it holds an escape. Without one it shares data's bytes and
// lives as long as the scan.
func keyText(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return unsafeString(raw[1 : len(raw)-1])
	}
	return keyString(raw)
}

// keyString decodes a quoted key.
func keyString(raw []byte) string {
	s, _ := rawjson.Unquote(raw)
	return s
}

// unsafeBytes views s as bytes, to be read only.
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
