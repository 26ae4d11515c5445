print("onelink-replay")
