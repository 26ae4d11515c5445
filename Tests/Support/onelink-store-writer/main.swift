print("onelink-store-writer: not implemented yet")
