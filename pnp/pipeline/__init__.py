"""The pipeline: one build from content to PDFs (build, assemble), faces kept between builds, a warm
session, the watch machinery."""
