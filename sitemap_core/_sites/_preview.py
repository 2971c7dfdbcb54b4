"""Preview deploys (a pull request's build), recognised by their hosts' variables: the build
writes no ``Sitemap:`` line and ``announce`` refuses."""

from __future__ import annotations

import os
from collections.abc import Mapping

from sitemap_core._sites._versions import read_the_docs


def preview_deploy(environ: Mapping[str, str] | None = None) -> str | None:
    """What says this build is a preview (a few words for the user), or ``None``."""
    env = os.environ if environ is None else environ
    context = env.get("CONTEXT", "")
    if context in ("deploy-preview", "branch-deploy"):
        return f"Netlify {context} (CONTEXT={context})"
    if env.get("VERCEL_ENV", "") == "preview":
        return "Vercel preview deployment (VERCEL_ENV=preview)"
    # Cloudflare Pages is not recognised: its builds name their branch but not which branch
    # is production, and guessing would take the Sitemap: line out of a production build.
    event = env.get("GITHUB_EVENT_NAME", "")
    if env.get("GITHUB_ACTIONS", "") == "true" and event in ("pull_request", "pull_request_target"):
        return f"GitHub Actions {event} run (GITHUB_EVENT_NAME={event})"
    rtd = read_the_docs(env)
    if rtd is not None and rtd.external:
        return f"Read the Docs pull request build ({rtd.version})"
    return None
