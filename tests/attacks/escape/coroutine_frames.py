# attack: a coroutine's frame (cr_frame) and the frame it awaits on
# expect: policy
async def sleeper():
    return 1

frame = sleeper().cr_frame
