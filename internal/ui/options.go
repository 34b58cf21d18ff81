package ui

import (
	"path/filepath"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// Options configure the app.
type Options struct {
	Doc *model.Document
	// Path is the file saves go to; "" asks for one on the first save.
	Path string
	// Name is how the document is called in the title and status line.
	Name string
	Deps kit.Deps
	// RecoveryFile keeps unsaved work between sessions ("" turns it off).
	RecoveryFile string
	// Recovered is unsaved work found in RecoveryFile at start; the app
	// offers to restore it. RecoveredOver: the file changed on disk since
	// that copy was made (session.ChangedSinceCopy), which the offer says.
	Recovered     *model.Document
	RecoveredOver bool
	// Loaded is the file's bytes as read (nil: unknown): saving the
	// document unchanged writes them back exactly.
	Loaded []byte
	// Stamp is the file as it was read (nil: unknown). A save first checks
	// that the file still matches it, and watching compares against it.
	Stamp *model.Stamp
	// BaseURL is where Send request posts ("" : OPENAI_BASE_URL, else
	// the OpenAI API).
	BaseURL string
	// APIKeyEnv, when set, names the variable that holds the key (a
	// profile's api_key_env) instead of OPENAI_API_KEY.
	APIKeyEnv string
	// Settings are the user's saved choices (LoadSettings); SettingsFile
	// is where a changed choice is saved ("" keeps it for the session).
	Settings     session.Settings
	SettingsFile string
	// Notice is shown on the status line at start, as an error (a
	// settings file that could not be read, say).
	Notice string
	// CheckLater draws the first frame from the document's parse and
	// converts it right after (the preview, diagnostics and status say
	// "checking…" until then), so that a large document shows at once.
	CheckLater bool
	// Workspace, when set, is the folder the app opened (tooltui DIR):
	// Session is its document shown first, Name that document's path in
	// it; Doc, Path and Loaded are left unset, the session has them.
	Workspace *workspace.Workspace
	Session   *session.Session
}

// session is the session of the document opened (a workspace's, or one
// made from Doc).
func (o *Options) session(name string) *kit.Session {
	if o.Session != nil {
		return kit.WrapSession(o.Session)
	}
	return kit.NewSessionOf(o.Doc, o.Path, name, o.CheckLater)
}

// OpenWorkspace is the app's options for the folder dir (tooltui DIR): the
// first document found that can be read (workspace.OpenShown) is shown,
// and the folder is listed after the first frame (listWorkspace); the
// others are read when first needed.
func OpenWorkspace(dir string) (Options, error) {
	w, shown, passed, err := workspace.OpenShown(dir)
	if err != nil {
		return Options{}, err
	}
	o := workspaceOptions(w, shown)
	if passed != nil {
		o.Notice = passed.Error() + " — showing " + o.Name + " instead"
	}
	return o, nil
}

// OpenWorkspaceAt is OpenWorkspace showing the document at file (tooltui
// DIR FILE; workspace.OpenAt).
func OpenWorkspaceAt(dir, file string) (Options, error) {
	w, err := workspace.OpenAt(dir, file)
	if err != nil {
		return Options{}, err
	}
	shown, err := w.ReadShown()
	if err != nil {
		return Options{}, err
	}
	return workspaceOptions(w, shown), nil
}

func workspaceOptions(w *workspace.Workspace, s workspace.Shown) Options {
	first := w.Paths()[0]
	return Options{Workspace: w, Name: first, Path: filepath.Join(w.Dir(), filepath.FromSlash(first)), Doc: s.Doc, Loaded: s.Data, Stamp: &s.Stamp, CheckLater: true}
}
