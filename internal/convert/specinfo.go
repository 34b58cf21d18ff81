package convert

// What the embedded tools.schema.json is derived from: OpenAI's OpenAPI
// description at one commit, and the overlay of what the API accepts beyond
// it (schemagen/overlay.json). They repeat overlay.json's "spec", "sdk" and
// "date"; TestSpecInfoMatchesOverlay checks that they do, and that the
// embedded schema was generated from the same overlay.
const (
	// SpecRepository, SpecCommit and SpecDate name the OpenAPI description;
	// SpecVersion is its info.version.
	SpecRepository = "github.com/openai/openai-openapi"
	SpecCommit     = "f85dbe223d40e1a31cba812ab2d755c7e98a92a3"
	SpecDate       = "2026-08-21"
	SpecVersion    = "2.3.0"

	// OverlayDate is when the overlay was last brought up to date: the
	// release date of the SDK version it was read from.
	OverlayDate = "2026-11-12"
	// OverlaySDKModule and OverlaySDKVersion name that SDK release.
	OverlaySDKModule  = "github.com/openai/openai-go/v3"
	OverlaySDKVersion = "v3.99.0"
)
