print("onelink-bench: not implemented yet")
