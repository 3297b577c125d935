"""Before kick-off: what each team does between the fixture and the first whistle (LRB6's
journeymen, values and inducements; GDBBL's freebooters, ratings and Special Play cards; both
systems' weather, gate and niggling injuries), recorded as its coach takes each step, and the
match page's section and the API's bodies for them."""
