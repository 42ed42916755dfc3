"""`chesslaws site`: KB -> site/ pages -> mkdocs build."""

from __future__ import annotations

import shutil
import signal
from functools import partial
from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main, path_option
from extract.io.outputs import check_output_dir, check_pages_dir, check_writable, publish_pages, stage_pages
from extract.model import InputError


@main.command()
@path_option("--out", "out_dir", "public", "Where mkdocs writes the static site.")
@path_option("--site-dir", "site_dir", "site", "mkdocs docs_dir: hand-written pages plus the generated ones.")
@data_options
def site(out_dir: Path, site_dir: Path, corpus_dir: Path, kb_dir: Path) -> None:
    """Render the KB into Markdown pages under site/ and build the static site with mkdocs.

    Pages are rendered into a copy of site/ and built from there; site/ and --out change only when
    both succeed, so a failed run leaves them as they were.

    Example: chesslaws site --out public
    """
    import time

    from extract.reports.collect import collect
    from extract.site.render import SiteError, build_site, download_files, render_site, start_search_data

    project = Path.cwd()
    protected = (corpus_dir, kb_dir, site_dir)
    check_pages_dir(site_dir, (corpus_dir, kb_dir), project)
    out_dir = check_output_dir(out_dir, protected, project)
    check_writable(out_dir)
    check_writable(site_dir)
    started = time.perf_counter()
    signal.signal(signal.SIGTERM, _stop)  # clean up the temporary copies, as on Ctrl-C
    # the downloads are made in the second process, after its diffs (it has prepared the same sentences)
    files = partial(download_files, kb_dir, corpus_dir)
    reports = collect(kb_dir, corpus_dir, progress=click.echo, alongside=files)
    start_search_data(kb_dir, corpus_dir)  # in a second process again, while this one renders the pages
    docs = stage_pages(site_dir)
    try:
        pages = render_site(kb_dir, corpus_dir, docs, reports=reports)
        build_site(project, out_dir, docs_dir=docs)
        site_dir.mkdir(parents=True, exist_ok=True)
        changed = publish_pages(docs, site_dir)
    except InputError as error:  # a page of the rendering copy: name it where the person sees it
        if not Path(error.path).is_relative_to(docs):
            raise
        raise InputError(site_dir / Path(error.path).relative_to(docs), error.line, error.message) from None
    except SiteError as error:
        raise UsageFailure(f"{project / 'mkdocs.yml'}: {' '.join(str(error).split())}") from error
    finally:
        shutil.rmtree(docs.parent, ignore_errors=True)
    click.echo(f"rendered {len(pages)} pages into {site_dir} ({changed} files changed)")
    timings = ", ".join(f"{k} {v:.1f} s" for k, v in reports.timings.items()) or "reports from the cache"
    click.echo(f"built site into {out_dir} in {time.perf_counter() - started:.1f} s ({timings})")


def _stop(signum: int, frame: object) -> None:
    """SIGTERM ends the run through the same clean-up as an error (temporary folders removed)."""
    raise SystemExit(128 + signum)
