"""The post-battle sequence: injuries, experience and advances, exploration, income."""
