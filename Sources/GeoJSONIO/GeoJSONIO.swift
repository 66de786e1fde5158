// Placeholder: this module's sources arrive with their issue.
