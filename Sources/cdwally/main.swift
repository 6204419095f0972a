print("cdwally")
