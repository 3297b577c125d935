"""Plumbing every Django layer shares (league, matches, teams, rules): a refusal turned into
an HTTP 400, who counts as a team's coach, numbers typed into forms, and seams through which
a higher layer answers a lower one's questions. It lives in the lowest Django layer so that
each layer above may import it; it holds no game rules (those are in rules.engine)."""
