"""(fixtures for this area are added by the issue that owns it)"""
