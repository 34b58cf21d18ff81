package convert

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// strictIssues turns the strict-mode violations of a function's
// parameters (paths under "/parameters") into the issues of the entry that
// holds the function at prefix ("" for a function entry, "/tools/2" for a
// function inside a namespace). With strict true a violation leaves the
// entry out (the API rejects it); with strict absent the API tries to
// normalise the schema, which is worth a warning; strict false opts out.
func strictIssues(si *schemaInfo, strict *bool, prefix string) []Issue {
	if strict != nil && !*strict {
		return nil
	}
	found := si.violations()
	if len(si.rootIssues()) > 0 {
		// The root is an error whatever strict says (rootShapeIssues):
		// strict mode's report would repeat its type; a note that
		// nothing breaks, or advice to turn strict off, would be wrong.
		// With strict true, the rest of what strict mode refuses is
		// still listed.
		if strict == nil {
			return nil
		}
		found = slices.DeleteFunc(slices.Clone(found), isRootTypeIssue)
		if len(found) == 0 {
			return nil
		}
	}
	verdict := strictVerdict(found, si.repairable)
	if verdict == StrictAsWritten {
		// The function runs strict: what its parameters use beyond the
		// documented subset is worth a note.
		outside := outsideNote(si.outside(), prefix)
		if strict == nil {
			// The API's normalisation succeeds here, silently: nothing
			// breaks, but say so.
			return append([]Issue{{Path: prefix, Note: true, Message: "strict is not set, and these parameters are strict-compatible, " +
				"so the Responses API will quietly run this function in strict mode; set strict to true (or false) to say which you mean",
				Fixes: []Fix{{Kind: FixStrictTrue, At: prefix}, {Kind: FixStrictFalse, At: prefix}}}}, outside...)
		}
		return outside
	}
	fixes := []Fix{{Kind: FixStrictFalse, At: prefix}}
	if verdict == StrictNormalised {
		fixes = []Fix{{Kind: FixStrict, At: prefix}, fixes[0]}
		if si.hasDefault() {
			// Strict mode takes "default" at OpenAI, not everywhere:
			// dropping it is a choice of its own.
			fixes = []Fix{fixes[0], {Kind: FixDropDefault, At: prefix}, fixes[1]}
		}
	}
	if strict == nil {
		// The first violation, and every format strict mode does not
		// support by name: a format is easily missed, and the
		// normalisation may drop or refuse it.
		var shown []string
		for i, f := range found {
			if i == 0 || strings.HasSuffix(f.Path, "/format") {
				msg := f.Message
				if cut := strings.Index(msg, "; the supported formats"); cut > 0 {
					msg = msg[:cut]
				}
				shown = append(shown, prefix+f.Path+": "+msg)
			}
		}
		more := ""
		if n := len(found) - len(shown); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return []Issue{{Path: prefix + "/parameters", Message: fmt.Sprintf(
			"strict is not set, so the Responses API will try to normalise this schema into strict mode, but it is not strict-compatible (%s%s); set strict to false to opt out",
			strings.Join(shown, "; "), more), Fixes: fixes}}
	}
	out := make([]Issue, 0, len(found))
	for _, f := range found {
		f.Fatal = true
		f.Path = prefix + f.Path
		f.Fixes = fixes
		if f.Message == additionalFalseMessage {
			// Closing this one object keeps the rest of the schema as
			// it is, strict on.
			f.Fixes = append(append(fixes[:len(fixes)-1:len(fixes)-1], Fix{Kind: FixAdditionalFalse, At: f.Path}), fixes[len(fixes)-1])
		}
		f.Message = "strict mode: " + f.Message
		out = append(out, f)
	}
	return out
}

// schemaInfo is what the converter learned about one parameters schema.
// Schemas can be megabytes, so their strict-mode walk and layout are kept
// by their bytes: an edit to a function's name or description does not
// walk or re-indent its schema, and moving between tools keeps them.
type schemaInfo struct {
	key string // the schema's bytes; the map key of both generations
	// The first read of the schema, for the strict-mode walk and the
	// scan for repeated keys: whether it breaks no rule of a single
	// schema, what it counts for the limits on the whole schema, and
	// whether it holds no repeated key (known only when it is clean).
	readOnce                 sync.Once
	clean, noRepeats         bool
	props, enumValues, chars int
	strictOnce               sync.Once
	strict                   []Issue
	repairOnce               sync.Once
	canRepair                bool // StrictRepair makes it strict-compatible
	dupOnce                  sync.Once
	dups                     []Issue // repeated keys, with paths under "/parameters"
	indentOnce               sync.Once
	indented                 []byte
	metaOnce                 sync.Once
	meta                     []Issue // what the JSON Schema metaschema finds, under "/parameters"
	rootOnce                 sync.Once
	root                     []Issue // a root the API refuses (rootShapeIssues)
	refOnce                  sync.Once
	refs                     []Issue // a $ref that resolves nowhere
	outsideOnce              sync.Once
	outsideKw                []outsideKeyword // keywords outside strict mode's documented subset
}

// schema returns the info for a parameters schema, carrying it into the
// next generation. Safe for concurrent use.
func (c *Converter) schema(p []byte) *schemaInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	if si, ok := c.schemaNext[unsafeString(p)]; ok {
		return si
	}
	si, ok := c.schemaCache[unsafeString(p)]
	if !ok {
		si = &schemaInfo{key: string(p)}
	}
	c.schemaNext[si.key] = si
	return si
}

// keep carries a schema into the next generation (its tool was reused).
func (c *Converter) keep(si *schemaInfo) {
	if si != nil {
		c.mu.Lock()
		c.schemaNext[si.key] = si
		c.mu.Unlock()
	}
}

// read reads the schema once with strictWalk.clean.
func (si *schemaInfo) read() {
	si.readOnce.Do(func() {
		v := bytes.TrimSpace(unsafeBytes(si.key))
		if !isRawObject(v) {
			return
		}
		w := strictWalks.Get().(*strictWalk)
		if _, si.clean = w.clean(v, 0, 0); si.clean {
			si.noRepeats = w.noRepeats()
			si.props, si.enumValues, si.chars = w.props, w.enumValues, w.chars
		}
		w.release()
	})
}

// violations walks the schema for what breaks strict mode, once: what
// walkRaw does, its first read shared with duplicates.
func (si *schemaInfo) violations() []Issue {
	si.strictOnce.Do(func() {
		si.read()
		w := strictWalks.Get().(*strictWalk)
		if si.clean {
			w.props, w.enumValues, w.chars = si.props, si.enumValues, si.chars
		} else {
			w.root = "/parameters"
			w.node(bytes.TrimSpace(unsafeBytes(si.key)), 0)
		}
		w.finish("/parameters")
		si.strict = w.found
		w.release()
	})
	return si.strict
}

// strictWalks keeps the scratch space of strict walks, for one
// conversion's many schemas.
var strictWalks = sync.Pool{New: func() any { return new(strictWalk) }}

// release resets w, keeping its scratch space but not what it pointed
// into, and puts it back in strictWalks.
func (w *strictWalk) release() {
	for i := range w.members {
		clear(w.members[i][:cap(w.members[i])])
		w.members[i] = w.members[i][:0]
	}
	for _, ks := range [...][][]string{w.keys, w.defKeys, w.nodeKeys} {
		for i := range ks {
			clear(ks[i][:cap(ks[i])])
			ks[i] = ks[i][:0]
		}
	}
	clear(w.path[:cap(w.path)])
	clear(w.required[:cap(w.required)])
	clear(w.set)
	*w = strictWalk{path: w.path[:0], members: w.members, required: w.required[:0],
		keys: w.keys, defKeys: w.defKeys, nodeKeys: w.nodeKeys, set: w.set}
	strictWalks.Put(w)
}

// repairable reports, once, whether StrictRepair can make the schema
// strict-compatible.
func (si *schemaInfo) repairable() bool {
	si.repairOnce.Do(func() { _, si.canRepair = StrictRepair(unsafeBytes(si.key)) })
	return si.canRepair
}

// duplicates scans the schema for repeated keys, once.
func (si *schemaInfo) duplicates() []Issue {
	si.dupOnce.Do(func() {
		if si.read(); !si.noRepeats {
			si.dups = duplicateKeys(unsafeBytes(si.key), "/parameters")
		}
	})
	return si.dups
}

// layout is the schema indented as the value of a tool's "parameters", once.
// It is read only.
func (si *schemaInfo) layout() []byte {
	si.indentOnce.Do(func() {
		if p := unsafeBytes(si.key); laidOut(p, memberPrefix) {
			si.indented = p // read only, as the key
		} else {
			si.indented = indented(p, memberPrefix)
		}
	})
	return si.indented
}

// The keywords the strict walk reads, as indexes of its slots.
const (
	kwType = iota
	kwProperties
	kwRequired
	kwAdditionalProperties
	kwEnum
	kwConst
	kwFormat
	kwAnyOf
	kwOneOf
	kwAllOf
	kwPrefixItems
	kwItems
	kwNot
	kwDefs
	kwDefinitions
	kwIf
	kwThen
	kwElse
	kwDependentRequired
	kwDependentSchemas
	kwPatternProperties
	kwCount
)

// strictKeyword is the slot of a keyword the walk reads, or -1.
func strictKeyword(k string) int {
	switch k {
	case "type":
		return kwType
	case "properties":
		return kwProperties
	case "required":
		return kwRequired
	case "additionalProperties":
		return kwAdditionalProperties
	case "enum":
		return kwEnum
	case "const":
		return kwConst
	case "format":
		return kwFormat
	case "anyOf":
		return kwAnyOf
	case "oneOf":
		return kwOneOf
	case "allOf":
		return kwAllOf
	case "prefixItems":
		return kwPrefixItems
	case "items":
		return kwItems
	case "not":
		return kwNot
	case "$defs":
		return kwDefs
	case "definitions":
		return kwDefinitions
	case "if":
		return kwIf
	case "then":
		return kwThen
	case "else":
		return kwElse
	case "dependentRequired":
		return kwDependentRequired
	case "dependentSchemas":
		return kwDependentSchemas
	case "patternProperties":
		return kwPatternProperties
	}
	return -1
}

type strictWalk struct {
	found []Issue
	// what the limits on the whole schema count
	props, enumValues, chars int

	root     string       // the pointer of the schema walked
	path     []strictStep // from the root to the node being walked
	members  [][]rawMember
	required []string
	// clean's: per depth, the names under properties and under $defs or
	// definitions; a set for long lists
	keys, defKeys [][]string
	set           map[string]struct{}
	// clean's look for repeated keys: per depth, the keys of the schema
	// read; whether one of them repeats a key; whether a value it skipped
	// holds an object
	nodeKeys         [][]string
	repeated, unread bool
}

// strictStep is one step of the walk from a schema into a schema inside
// it: a keyword ("items"), with a member name ("properties", "$defs") or
// an index ("anyOf").
type strictStep struct {
	kw   string
	name string
	idx  int
	kind uint8
}

const (
	stepKeyword = iota
	stepName
	stepIndex
)

// pointer is the JSON Pointer of the node being walked, then suffix.
func (w *strictWalk) pointer(suffix string) string {
	var b strings.Builder
	b.WriteString(w.root)
	for _, s := range w.path {
		b.WriteByte('/')
		b.WriteString(s.kw)
		switch s.kind {
		case stepName:
			b.WriteByte('/')
			b.WriteString(escapePointer(s.name))
		case stepIndex:
			b.WriteByte('/')
			b.WriteString(itoa(s.idx))
		}
	}
	b.WriteString(suffix)
	return b.String()
}

// report records a violation at the node being walked, or at suffix
// inside it ("/format").
// Every violation is kept: a schema breaks strict mode in as many places
// as it has nodes at most, and each is worth knowing.
func (w *strictWalk) report(suffix, msg string) {
	w.found = append(w.found, Issue{Path: w.pointer(suffix), Message: msg})
}

// escapePointer escapes a key for a JSON Pointer.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// StrictVerdict is what the Responses API does with a function whose
// strict is absent: it normalises the schema into strict mode when it can,
// and falls back to non-strict otherwise.
type StrictVerdict int

const (
	// StrictAsWritten: the parameters are strict-compatible as written,
	// so the function runs in strict mode, quietly.
	StrictAsWritten StrictVerdict = iota
	// StrictNormalised: they are not, but the API's normalisation
	// (closing every object, making every optional property required)
	// makes them so: the function runs in strict mode on a changed schema.
	StrictNormalised
	// StrictNonStrict: no normalisation makes them strict-compatible, so
	// the function runs without strict mode.
	StrictNonStrict
)

// StrictAbsent is the verdict for a function with these parameters and no
// strict: the one decision build's diagnostics and every export use.
func StrictAbsent(params []byte) StrictVerdict {
	params = bytes.TrimSpace(params)
	var w strictWalk
	w.walkRaw(params, "/parameters", 0)
	w.finish("/parameters")
	return strictVerdict(w.found, func() bool { _, ok := StrictRepair(params); return ok })
}

// strictVerdict decides from the strict-mode violations of a schema and
// whether StrictRepair makes it strict-compatible.
func strictVerdict(found []Issue, repairable func() bool) StrictVerdict {
	switch {
	case len(found) == 0:
		return StrictAsWritten
	case repairable():
		return StrictNormalised
	}
	return StrictNonStrict
}
