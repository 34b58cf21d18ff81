package convert

// Limits on a value before validation, and the rules OpenAI states only
// in prose or enforces on the server.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// precheckValue refuses values the validator should not see. ok is false
// when v nests deeper than entryDepthLimit; issues lists numbers too large
// to compare cheaply (the validator converts numbers to exact rationals).
func precheckValue(v any) (issues []Issue, ok bool) {
	p := &prechecker{}
	if !p.walk(v, 1) {
		return []Issue{{Message: fmt.Sprintf("nesting deeper than %d levels", entryDepthLimit), Fatal: true}}, false
	}
	return p.issues, true
}

type prechecker struct {
	path   []string
	issues []Issue
}

// walk reports false as soon as a container sits deeper than the limit; it
// never recurses further than that.
func (p *prechecker) walk(v any, depth int) bool {
	switch v := v.(type) {
	case map[string]any:
		if depth > entryDepthLimit {
			return false
		}
		for k, child := range v {
			p.path = append(p.path, k)
			ok := p.walk(child, depth+1)
			p.path = p.path[:len(p.path)-1]
			if !ok {
				return false
			}
		}
	case []any:
		if depth > entryDepthLimit {
			return false
		}
		for i, child := range v {
			p.path = append(p.path, strconv.Itoa(i))
			ok := p.walk(child, depth+1)
			p.path = p.path[:len(p.path)-1]
			if !ok {
				return false
			}
		}
	case json.Number:
		switch {
		case !jsonNumberPattern().MatchString(string(v)):
			p.issues = append(p.issues, Issue{Path: pointerOf(p.path), Message: "not a valid JSON number: " + quoteForMessage(string(v)), Fatal: true})
		case hugeNumber(v):
			p.issues = append(p.issues, Issue{Path: pointerOf(p.path), Message: "number out of range, got " + clipText(string(v)), Fatal: true})
		}
	}
	return true
}

// jsonNumberPattern is the JSON number grammar. A decoder only makes valid
// json.Number values, but one built by hand could hold anything.
var jsonNumberPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
})

// hugeNumber reports a literal no JSON number in a request needs: over 1000
// characters, or a decimal exponent beyond ±10000.
func hugeNumber(n json.Number) bool {
	s := string(n)
	if len(s) > 1000 {
		return true
	}
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return false
	}
	exp, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
	return err != nil || exp > 10000 || exp < -10000
}

func entryRules(typ string, obj map[string]any) []Issue {
	switch typ {
	case "function":
		return functionNameRule(obj["name"])
	case "file_search":
		return fileSearchRules(obj)
	case "web_search", "web_search_2025_08_26":
		return append(userLocationRules(obj["user_location"]), allowedDomainsRules(obj["filters"])...)
	case "web_search_preview", "web_search_preview_2025_03_11":
		return userLocationRules(obj["user_location"])
	case "mcp":
		return append(mcpServerRule(obj), mcpURLRule(obj["server_url"])...)
	}
	return nil
}

const maxFunctionName = 128

// functionNameRule applies the server's ^[a-zA-Z0-9_-]{1,128}$ to a function name.
func functionNameRule(v any) []Issue {
	name, ok := v.(string)
	if !ok {
		return nil
	}
	if name == "" {
		return []Issue{{Path: "/name", Message: "must not be empty", Fatal: true}}
	}
	var issues []Issue
	if n := utf8.RuneCountInString(name); n > maxFunctionName {
		issues = append(issues, Issue{Path: "/name", Message: fmt.Sprintf("must be at most %d characters, got %d", maxFunctionName, n), Fatal: true})
	}
	for i, r := range []rune(name) {
		if !isNameRune(r) {
			issues = append(issues, Issue{
				Path:    "/name",
				Message: fmt.Sprintf(`may contain only ASCII letters, digits, "_" and "-"; found %s at character %d`, quoteForMessage(string(r)), i+1),
				Fatal:   true,
			})
			break
		}
	}
	// The fix: the same name with what the API refuses made "_".
	for i := range issues {
		issues[i] = issues[i].withFix(Fix{Kind: FixName, At: "/name", Arg: sanitizedName(name)})
	}
	return issues
}

func isNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
}

func fileSearchRules(obj map[string]any) []Issue {
	var issues []Issue
	if ids, ok := obj["vector_store_ids"].([]any); ok && len(ids) == 0 {
		issues = append(issues, Issue{Path: "/vector_store_ids", Fatal: true,
			Message: `must name at least one vector store, e.g. ["vs_abc123"]: file_search searches only the vector stores it lists`})
	}
	if is, bad := rangeRule("/max_num_results", obj["max_num_results"], 1, 50); bad {
		issues = append(issues, is)
	}
	if ranking, ok := obj["ranking_options"].(map[string]any); ok {
		if is, bad := rangeRule("/ranking_options/score_threshold", ranking["score_threshold"], 0, 1); bad {
			issues = append(issues, is)
		}
	}
	return issues
}

// rangeRule checks that v, when it is a number, lies in [lo, hi].
func rangeRule(path string, v any, lo, hi float64) (Issue, bool) {
	f, text, ok := numericValue(v)
	if !ok || f >= lo && f <= hi {
		return Issue{}, false
	}
	return Issue{
		Path:    path,
		Message: fmt.Sprintf("must be between %g and %g, got %s", lo, hi, text),
		Fatal:   true,
	}, true
}

// numericValue returns a numeric value and its text as written.
func numericValue(v any) (float64, string, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, "", false
		}
		return f, clipText(string(n)), true
	case float64:
		if math.IsNaN(n) {
			return 0, "", false
		}
		return n, strconv.FormatFloat(n, 'g', -1, 64), true
	case int:
		return float64(n), strconv.Itoa(n), true
	}
	return 0, "", false
}

func userLocationRules(v any) []Issue {
	loc, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var issues []Issue
	if country, ok := loc["country"].(string); ok && !isCountryCode(country) {
		is := Issue{
			Path:    "/user_location/country",
			Message: "must be a two-letter ISO country code such as \"US\", got " + quoteForMessage(country),
			Fatal:   true,
		}
		if code, ok := countryCodes[strings.ToLower(country)]; ok {
			is.Message = "must be a two-letter ISO country code, such as " + quoteForMessage(code) + " for " + quoteForMessage(country)
			is = is.withFix(Fix{Kind: FixCountry, At: is.Path, Arg: code})
		}
		issues = append(issues, is)
	}
	if tz, ok := loc["timezone"].(string); ok && !looksLikeTimeZone(tz) {
		issues = append(issues, Issue{
			Path:    "/user_location/timezone",
			Message: "should be an IANA time zone name such as \"America/Los_Angeles\", got " + quoteForMessage(tz),
		})
	}
	return issues
}

func isCountryCode(s string) bool {
	return len(s) == 2 && isASCIILetter(s[0]) && isASCIILetter(s[1])
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// looksLikeTimeZone accepts "UTC", "GMT" and Area/Location names such as
// "America/Argentina/Buenos_Aires" or "Etc/GMT+5".
func looksLikeTimeZone(s string) bool {
	if s == "UTC" || s == "GMT" {
		return true
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || parts[0] == "" || !isASCIILetter(parts[0][0]) {
		return false
	}
	for _, part := range parts {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !isASCIILetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-' && c != '+' {
				return false
			}
		}
	}
	return true
}

// mcpServerRule: one of server_url, connector_id or tunnel_id must be given.
func mcpServerRule(obj map[string]any) []Issue {
	for _, k := range []string{"server_url", "connector_id", "tunnel_id"} {
		if v, ok := obj[k]; ok && v != nil {
			return nil
		}
	}
	return []Issue{{Message: `one of "server_url", "connector_id" or "tunnel_id" is required`, Fatal: true}}
}

// mcpURLRule warns about a hosted MCP server OpenAI's servers cannot
// reach, or reach only in the clear: they, not this machine, call the
// server_url of an mcp tool.
func mcpURLRule(v any) []Issue {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || u.Host == "" {
		return nil
	}
	if where := privateHost(u.Hostname()); where != "" {
		return []Issue{{Path: "/server_url", Message: fmt.Sprintf("%s is %s: OpenAI's servers, which call a hosted mcp tool, cannot reach it; "+
			"tooltui's MCP bridge can: import its tools as functions (tooltui import --mcp-url URL --into FILE) and answer their calls with tooltui send --call-mcp",
			quoteForMessage(u.Hostname()), where)}}
	}
	if strings.EqualFold(u.Scheme, "http") {
		return []Issue{{Path: "/server_url", Message: "plain http: OpenAI's servers call a hosted mcp tool over the internet, " +
			"with its headers and authorization unencrypted; use https"}}
	}
	return nil
}

// privateHost says what kind of address host is when it is one only this
// machine or its network can reach: localhost, a loopback, private
// (RFC 1918), link-local or IPv6 unique local address, or an mDNS .local
// name; "" otherwise.
func privateHost(host string) string {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	switch {
	case h == "localhost":
		return "this machine"
	case strings.HasSuffix(h, ".localhost"):
		return "a name of this machine (.localhost)"
	case strings.HasSuffix(h, ".local"):
		return "a .local name (mDNS, this network only)"
	}
	ip, err := netip.ParseAddr(h)
	if err != nil {
		return ""
	}
	ip = ip.WithZone("").Unmap()
	switch {
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsUnspecified():
		return "an unspecified address (this machine)"
	case ip.Is6() && ip.IsPrivate():
		return "an IPv6 unique local address"
	case ip.IsPrivate():
		return "a private address (RFC 1918)"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	}
	return ""
}

// allowedDomainsRules warns about an entry of a web search's
// filters.allowed_domains that is not a bare domain: the API takes
// "docs.example.org" (subdomains included), not a URL with a scheme or a
// path. The fix is the bare domain.
func allowedDomainsRules(filters any) []Issue {
	f, _ := filters.(map[string]any)
	list, _ := f["allowed_domains"].([]any)
	var issues []Issue
	for i, v := range list {
		s, ok := v.(string)
		if !ok {
			continue
		}
		host, widens, ok := bareDomain(s)
		if !ok {
			continue
		}
		path := "/filters/allowed_domains/" + itoa(i)
		is := Issue{Path: path}
		switch {
		case host == "":
			is.Message = "should be a bare domain such as \"docs.example.org\", got " + quoteForMessage(s)
		case widens:
			is.Message = fmt.Sprintf("should be a bare domain such as %s, without a scheme or a path: the API filters by domain (subdomains included), so a path cannot narrow it", quoteForMessage(host))
			is = is.withFix(Fix{Kind: FixDomainWiden, At: path, Arg: host})
		default:
			is.Message = fmt.Sprintf("should be a bare domain such as %s, without a scheme: the API filters by domain (subdomains included)", quoteForMessage(host))
			is = is.withFix(Fix{Kind: FixDomain, At: path, Arg: host})
		}
		issues = append(issues, is)
	}
	return issues
}

// bareDomain reads an allowed_domains entry: ok is false when it is a
// bare domain already; otherwise host is its domain ("" when none can be
// read) and widens says that dropping the rest (a path, a query, a port,
// credentials) lets through more than the entry named.
func bareDomain(s string) (host string, widens, ok bool) {
	t := strings.TrimSpace(s)
	rest, hasScheme := t, false
	if i := strings.Index(t, "://"); i >= 0 {
		rest, hasScheme = t[i+3:], true
	}
	cut := len(rest)
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		cut = i
	}
	host, tail := rest[:cut], rest[cut:]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host, widens = host[at+1:], true
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host, "]") {
		host, widens = host[:i], true
	}
	if tail != "" && tail != "/" {
		widens = true
	}
	if !hasScheme && !widens && tail == "" {
		return "", false, false // a domain, or what the API may read as one
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if !isDomain(host) {
		return "", false, true
	}
	return host, widens, true
}

// isDomain reports whether s looks like a domain name: labels of
// letters, digits and hyphens (or other than ASCII) separated by dots.
func isDomain(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if r < utf8.RuneSelf && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return false
			}
		}
	}
	return true
}
