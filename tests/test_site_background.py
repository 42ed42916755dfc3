"""Work made in a forked process (the site's search index, while the pages are rendered)."""

from __future__ import annotations

import math
import multiprocessing
import os

import pytest

from extract.site import background


def test_work_started_in_a_second_process_is_collected_by_its_key() -> None:
    if not background.start("factorial", math.factorial, 20):
        pytest.skip("no fork or one core: nothing runs in a second process")
    assert not background.start("factorial", math.factorial, 20)  # already running under that key
    assert background.collect_result("factorial") == (True, math.factorial(20))
    assert background.collect_result("factorial") == (False, None)  # collected once


def test_a_failure_there_leaves_the_work_to_this_process() -> None:
    started = background.start("fails", math.factorial, -1)  # ValueError in the worker
    assert background.collect_result("fails") == (False, None)
    assert background.collect_result("never started") == (False, None)
    assert started == ("fork" in multiprocessing.get_all_start_methods() and (os.cpu_count() or 1) > 1)
