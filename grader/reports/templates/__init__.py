"""The report templates (Jinja2) and their style sheet and script: data files, read by grader.reports.templating."""
