"""Many games with bots: running (:mod:`.runner`), records, comparisons and reports."""
