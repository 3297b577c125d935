"""apply_reports: the reports that wait to be applied, applied."""
