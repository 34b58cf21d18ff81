package validator

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

// The metaschemas as json-schema.org publishes them, one file each.
//
//go:embed metaschemas/*.json
var metaFiles embed.FS

// metaschemaFile is the file of the metaschema at a URL, or "".
func metaschemaFile(u string) string {
	switch u {
	case "http://json-schema.org/draft-04/schema":
		return "draft-04_schema"
	case "http://json-schema.org/draft-06/schema":
		return "draft-06_schema"
	case "http://json-schema.org/draft-07/schema":
		return "draft-07_schema"
	case "https://json-schema.org/draft/2019-09/schema":
		return "draft_2019-09_schema"
	case "https://json-schema.org/draft/2019-09/meta/applicator":
		return "draft_2019-09_meta_applicator"
	case "https://json-schema.org/draft/2019-09/meta/content":
		return "draft_2019-09_meta_content"
	case "https://json-schema.org/draft/2019-09/meta/core":
		return "draft_2019-09_meta_core"
	case "https://json-schema.org/draft/2019-09/meta/format":
		return "draft_2019-09_meta_format"
	case "https://json-schema.org/draft/2019-09/meta/meta-data":
		return "draft_2019-09_meta_meta-data"
	case "https://json-schema.org/draft/2019-09/meta/validation":
		return "draft_2019-09_meta_validation"
	case "https://json-schema.org/draft/2020-12/schema":
		return "draft_2020-12_schema"
	case "https://json-schema.org/draft/2020-12/meta/applicator":
		return "draft_2020-12_meta_applicator"
	case "https://json-schema.org/draft/2020-12/meta/content":
		return "draft_2020-12_meta_content"
	case "https://json-schema.org/draft/2020-12/meta/core":
		return "draft_2020-12_meta_core"
	case "https://json-schema.org/draft/2020-12/meta/format-annotation":
		return "draft_2020-12_meta_format-annotation"
	case "https://json-schema.org/draft/2020-12/meta/format-assertion":
		return "draft_2020-12_meta_format-assertion"
	case "https://json-schema.org/draft/2020-12/meta/meta-data":
		return "draft_2020-12_meta_meta-data"
	case "https://json-schema.org/draft/2020-12/meta/unevaluated":
		return "draft_2020-12_meta_unevaluated"
	case "https://json-schema.org/draft/2020-12/meta/validation":
		return "draft_2020-12_meta_validation"
	}
	return ""
}

// canonicalMeta is the URL of a metaschema as metaschemaFiles spells it
// (http or https, with or without an empty fragment), or "".
func canonicalMeta(u string) string {
	u = strings.TrimSuffix(u, "#")
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(u, "http://"); !ok {
			return ""
		}
	}
	for _, scheme := range []string{"https://", "http://"} {
		if metaschemaFile(scheme+rest) != "" {
			return scheme + rest
		}
	}
	return ""
}

// metaDraft is the draft a metaschema URL belongs to, or 0.
func metaDraft(u string) Draft {
	c := canonicalMeta(u)
	switch {
	case c == "":
		return 0
	case strings.Contains(c, "draft-04"):
		return Draft4
	case strings.Contains(c, "draft-06"):
		return Draft6
	case strings.Contains(c, "draft-07"):
		return Draft7
	case strings.Contains(c, "2019-09"):
		return Draft2019
	}
	return Draft2020
}

// draftURL is the URL of a draft's metaschema.
func draftURL(d Draft) string {
	switch d {
	case Draft4:
		return "http://json-schema.org/draft-04/schema"
	case Draft6:
		return "http://json-schema.org/draft-06/schema"
	case Draft7:
		return "http://json-schema.org/draft-07/schema"
	case Draft2019:
		return "https://json-schema.org/draft/2019-09/schema"
	}
	return "https://json-schema.org/draft/2020-12/schema"
}

// DraftURL is the URL of a draft's metaschema.
func DraftURL(d Draft) string { return draftURL(d) }

// metaDoc reads and decodes a metaschema.
func metaDoc(u string) (any, error) {
	name := metaschemaFile(canonicalMeta(u))
	if name == "" {
		return nil, fmt.Errorf("no metaschema %s", u)
	}
	b, err := metaFiles.ReadFile("metaschemas/" + name + ".json")
	if err != nil {
		return nil, err
	}
	return UnmarshalJSON(bytes.NewReader(b))
}

// metaCache holds the metaschemas compiled so far, with and without
// format assertion.
var metaCache struct {
	sync.Mutex
	c [2]*Compiler
}

// Metaschema is the compiled metaschema at u, compiled once.
func Metaschema(u string, assertFormat bool) (*Schema, error) {
	c := canonicalMeta(u)
	if c == "" {
		return nil, fmt.Errorf("no metaschema %s", u)
	}
	metaCache.Lock()
	defer metaCache.Unlock()
	i := 0
	if assertFormat {
		i = 1
	}
	comp := metaCache.c[i]
	if comp == nil {
		comp = NewCompiler()
		comp.assertFormat = assertFormat
		metaCache.c[i] = comp
	}
	if comp.docs[c] == nil {
		v, err := metaDoc(c)
		if err != nil {
			return nil, err
		}
		if _, err := comp.addDoc(c, v, true); err != nil {
			return nil, err
		}
	}
	return comp.ref(nil, c)
}

// UnmarshalJSON decodes one JSON value, numbers as json.Number.
func UnmarshalJSON(r io.Reader) (any, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid character after top-level value")
	}
	return v, nil
}
