"""JSON at the edges: the documents ``convert`` writes and reads back, validated by
pydantic models that also publish ``referee schema``."""
