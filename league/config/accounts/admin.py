from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from knox.models import AuthToken

from league.config.accounts.models import ApiToken, User


@admin.register(User)
class CoachAdmin(UserAdmin):
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Coach", {"fields": ("display_name", "time_zone", "email_verified")}),
    )
    list_display = ("username", "display_name", "email", "email_verified", "is_staff")
    list_filter = (*UserAdmin.list_filter, "email_verified")


# knox registers its own token model, which Dugout swaps for ApiToken (KNOX_TOKEN_MODEL): its
# page would list a table nothing uses.
if admin.site.is_registered(AuthToken):
    admin.site.unregister(AuthToken)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made by their coach (the secret is shown to him alone); staff may only read
    and revoke them."""

    list_display = ("name", "user", "created", "last_used_at")
    search_fields = ("name", "user__username")
    fields = ("name", "user", "created", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
