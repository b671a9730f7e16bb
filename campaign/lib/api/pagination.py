from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    """Page-number pagination; a client may ask for up to 200 rows a page."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
