package convert

// suggest returns the candidate closest to s when it is a plausible typo
// (an edit distance of at most a third of its length, and at most 3).
func suggest(s string, candidates []string) string {
	best, bestD := "", 4
	for _, c := range candidates {
		d := distance(s, c)
		if d < bestD && d*3 <= len(c) {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes; inputs
// longer than 64 bytes are never typos of a tool type.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// suggestOne is suggest when a single candidate is closest: with two at
// the same distance, neither is suggested.
func suggestOne(s string, candidates []string) string {
	best := suggest(s, candidates)
	if best == "" {
		return ""
	}
	d := distance(s, best)
	for _, c := range candidates {
		if c != best && distance(s, c) == d {
			return ""
		}
	}
	return best
}
