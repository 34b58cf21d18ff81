package validator

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// format is the check of a format asserted, by name, or nil; each says
// why a string is not of its format.
func format(name string) func(string) error {
	switch name {
	case "regex":
		return checkRegex
	case "json-pointer":
		return checkJSONPointer
	case "relative-json-pointer":
		return checkRelativeJSONPointer
	case "uuid":
		return checkUUID
	case "duration":
		return checkDuration
	case "period":
		return checkPeriod
	case "ipv4":
		return checkIPv4
	case "ipv6":
		return checkIPv6
	case "hostname":
		return checkHostname
	case "email":
		return checkEmail
	case "date":
		return checkDate
	case "time":
		return checkTime
	case "date-time":
		return checkDateTime
	case "uri", "iri":
		return checkURI
	case "uri-reference", "iri-reference":
		return checkURIReference
	case "uri-template":
		return checkURITemplate
	case "semver":
		return checkSemver
	}
	return nil
}

func checkRegex(s string) error {
	_, err := regexp.Compile(s)
	return err
}

// RFC 6901
func checkJSONPointer(s string) error {
	if s == "" {
		return nil
	}
	if s[0] != '/' {
		return errors.New("not starting with /")
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' {
			if i+1 >= len(s) || s[i+1] != '0' && s[i+1] != '1' {
				return errors.New("~ must be followed by 0 or 1")
			}
		}
	}
	return nil
}

func checkRelativeJSONPointer(s string) error {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return errors.New("must start with non-negative integer")
	}
	if n > 1 && s[0] == '0' {
		return errors.New("starts with zero")
	}
	if s[n:] == "#" {
		return nil
	}
	return checkJSONPointer(s[n:])
}

func checkUUID(s string) error {
	groups := strings.Split(s, "-")
	lens := []int{8, 4, 4, 4, 12}
	if len(groups) != len(lens) {
		return fmt.Errorf("must have %d elements", len(lens))
	}
	for i, g := range groups {
		if len(g) != lens[i] {
			return fmt.Errorf("element %d must be %d characters long", i+1, lens[i])
		}
		for _, c := range g {
			if !isHex(c) {
				return fmt.Errorf("non-hex character %q", c)
			}
		}
	}
	return nil
}

func isHex(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// ISO 8601 durations as RFC 3339 appendix A writes them: P1Y2M3DT4H5M6S,
// P2W.
func checkDuration(s string) error {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok {
		return errors.New("must start with P")
	}
	if rest == "" {
		return errors.New("nothing after P")
	}
	if w, ok := strings.CutSuffix(rest, "W"); ok {
		if w == "" || !allDigits(w) {
			return errors.New("invalid week")
		}
		return nil
	}
	parts := strings.Split(rest, "T")
	if len(parts) > 2 {
		return errors.New("more than one T")
	}
	for i, part := range parts {
		if i == 1 && part == "" {
			return errors.New("no time elements")
		}
		units := "YMD"
		if i == 1 {
			units = "HMS"
		}
		all := units
		for part != "" {
			n := 0
			for n < len(part) && part[n] >= '0' && part[n] <= '9' {
				n++
			}
			if n == 0 {
				return errors.New("missing number")
			}
			part = part[n:]
			if part == "" {
				return errors.New("missing unit")
			}
			j := strings.IndexByte(units, part[0])
			if j < 0 {
				if strings.IndexByte(all, part[0]) >= 0 {
					return fmt.Errorf("unit %q out of order", part[0])
				}
				return fmt.Errorf("invalid unit %q", part[0])
			}
			units = units[j+1:]
			part = part[1:]
		}
	}
	return nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// A period is start/end, start/duration or duration/end.
func checkPeriod(s string) error {
	start, end, ok := strings.Cut(s, "/")
	if !ok {
		return errors.New("missing /")
	}
	if strings.HasPrefix(start, "P") {
		if err := checkDuration(start); err != nil {
			return fmt.Errorf("invalid start duration: %v", err)
		}
		if err := checkDateTime(end); err != nil {
			return fmt.Errorf("invalid end date-time: %v", err)
		}
		return nil
	}
	if err := checkDateTime(start); err != nil {
		return fmt.Errorf("invalid start date-time: %v", err)
	}
	if strings.HasPrefix(end, "P") {
		if err := checkDuration(end); err != nil {
			return fmt.Errorf("invalid end duration: %v", err)
		}
		return nil
	}
	if err := checkDateTime(end); err != nil {
		return fmt.Errorf("invalid end date-time: %v", err)
	}
	return nil
}

func checkIPv4(s string) error {
	groups := strings.Split(s, ".")
	if len(groups) != 4 {
		return errors.New("expected four decimals")
	}
	for _, g := range groups {
		if len(g) > 1 && g[0] == '0' {
			return errors.New("leading zeros")
		}
		if !allDigits(g) {
			return fmt.Errorf("invalid decimal %q", g)
		}
		n, err := strconv.Atoi(g)
		if err != nil || n > 255 {
			return errors.New("decimal must be between 0 and 255")
		}
	}
	return nil
}

func checkIPv6(s string) error {
	if !strings.Contains(s, ":") {
		return errors.New("missing colon")
	}
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return err
	}
	if addr.Zone() != "" {
		return errors.New("zone id is not a part of ipv6 address")
	}
	return nil
}

// RFC 1123 host names.
func checkHostname(s string) error {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return errors.New("more than 253 characters long")
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) < 1 || len(label) > 63 {
			return errors.New("label must be 1 to 63 characters long")
		}
		if label[0] == '-' {
			return errors.New("label starts with hyphen")
		}
		if label[len(label)-1] == '-' {
			return errors.New("label ends with hyphen")
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return fmt.Errorf("invalid character %q", c)
			}
		}
	}
	return nil
}

// RFC 5321 mailboxes.
func checkEmail(s string) error {
	if len(s) > 254 {
		return errors.New("more than 254 characters long")
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return errors.New("missing @")
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return errors.New("local part more than 64 characters long")
	}
	if len(local) > 1 && local[0] == '"' && local[len(local)-1] == '"' {
		if strings.ContainsAny(local[1:len(local)-1], `\"`) {
			return errors.New("backslash and quote are not allowed within quoted local part")
		}
	} else {
		switch {
		case strings.HasPrefix(local, "."):
			return errors.New("starts with dot")
		case strings.HasSuffix(local, "."):
			return errors.New("ends with dot")
		case strings.Contains(local, ".."):
			return errors.New("consecutive dots")
		}
		for _, c := range local {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".!#$%&'*+-/=?^_`{|}~", c)) {
				return fmt.Errorf("invalid character %q", c)
			}
		}
	}
	if len(domain) > 1 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		ip := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(ip, "IPv6:"); ok {
			if err := checkIPv6(v6); err != nil {
				return fmt.Errorf("invalid ipv6 address: %v", err)
			}
			return nil
		}
		if err := checkIPv4(ip); err != nil {
			return fmt.Errorf("invalid ipv4 address: %v", err)
		}
		return nil
	}
	if err := checkHostname(domain); err != nil {
		return fmt.Errorf("invalid domain: %v", err)
	}
	return nil
}

// RFC 3339 full-date.
func checkDate(s string) error {
	_, err := time.Parse("2006-01-02", s)
	return err
}

// RFC 3339 full-time, with a leap second only at 23:59:60 UTC.
func checkTime(s string) error {
	if len(s) < 9 {
		return errors.New("less than 9 characters long")
	}
	if s[2] != ':' || s[5] != ':' {
		return errors.New("missing colon in correct place")
	}
	var hms [3]int
	for i, tok := range []string{s[0:2], s[3:5], s[6:8]} {
		if !allDigits(tok) {
			return errors.New("invalid hour/min/sec")
		}
		hms[i], _ = strconv.Atoi(tok)
	}
	h, m, sec := hms[0], hms[1], hms[2]
	if h > 23 || m > 59 || sec > 60 {
		return errors.New("hour/min/sec out of range")
	}
	rest := s[8:]
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		n := 0
		for n < len(frac) && frac[n] >= '0' && frac[n] <= '9' {
			n++
		}
		if n == 0 {
			return errors.New("no digits in second fraction")
		}
		rest = frac[n:]
	}
	if rest != "z" && rest != "Z" {
		if len(rest) != 6 {
			return errors.New("offset must be 6 characters long")
		}
		sign := 0
		switch rest[0] {
		case '+':
			sign = -1
		case '-':
			sign = 1
		default:
			return errors.New("offset must begin with plus/minus")
		}
		if rest[3] != ':' || !allDigits(rest[1:3]) || !allDigits(rest[4:6]) {
			return errors.New("invalid offset")
		}
		zh, _ := strconv.Atoi(rest[1:3])
		zm, _ := strconv.Atoi(rest[4:6])
		if zh > 23 || zm > 59 {
			return errors.New("hour/min in offset out of range")
		}
		hm := h*60 + m + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		hm %= 24 * 60
		h, m = hm/60, hm%60
	}
	if sec == 60 && (h != 23 || m != 59) {
		return errors.New("invalid leap second")
	}
	return nil
}

func checkDateTime(s string) error {
	if len(s) < 20 {
		return errors.New("less than 20 characters long")
	}
	if s[10] != 't' && s[10] != 'T' {
		return errors.New("11th character must be t or T")
	}
	if err := checkDate(s[:10]); err != nil {
		return fmt.Errorf("invalid date element: %v", err)
	}
	if err := checkTime(s[11:]); err != nil {
		return fmt.Errorf("invalid time element: %v", err)
	}
	return nil
}

func parseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return nil, errors.New("ipv6 address not enclosed in brackets")
		}
		if err := checkIPv6(host); err != nil {
			return nil, fmt.Errorf("invalid ipv6 address: %v", err)
		}
	}
	return u, nil
}

func checkURI(s string) error {
	u, err := parseURL(s)
	if err != nil {
		return err
	}
	if !u.IsAbs() {
		return errors.New("relative url")
	}
	return nil
}

func checkURIReference(s string) error {
	if strings.Contains(s, `\`) {
		return errors.New(`contains \`)
	}
	_, err := parseURL(s)
	return err
}

// RFC 6570: braces pair up, not nested.
func checkURITemplate(s string) error {
	if _, err := parseURL(s); err != nil {
		return err
	}
	open := false
	for _, c := range s {
		switch c {
		case '{':
			if open {
				return errors.New("nested curly braces")
			}
			open = true
		case '}':
			if !open {
				return errors.New("no matching opening brace")
			}
			open = false
		}
	}
	if open {
		return errors.New("no matching closing brace")
	}
	return nil
}

// semver.org 2.0.0.
var semverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)
})

func checkSemver(s string) error {
	if !semverRE().MatchString(s) {
		return errors.New("not a semantic version")
	}
	return nil
}
